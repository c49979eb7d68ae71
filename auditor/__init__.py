"""rules-auditor: audit punto banco rules pages against exact odds and the UKGC RTS 3A-3D.

The public surface: `audit`, `odds`, `load_ruleset`.
"""

__version__ = "0.1.0"

from .odds_report import OddsReport, odds
from .ruleset import Ruleset, RulesetError, load_ruleset

__all__ = ["OddsReport", "Ruleset", "RulesetError", "__version__", "load_ruleset", "odds"]
