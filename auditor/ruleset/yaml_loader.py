"""A strict YAML reader for rulesets: plain data only, no aliases, no duplicate keys."""

from __future__ import annotations

from typing import Any

import yaml
from yaml.nodes import MappingNode, Node


class StrictYamlError(ValueError):
    """YAML that is not plain data."""


class _StrictLoader(yaml.SafeLoader):
    """SafeLoader that also refuses aliases (no alias bombs) and duplicate keys."""

    def compose_node(self, parent: Node | None, index: int) -> Node | None:  # type: ignore[override]
        if self.check_event(yaml.AliasEvent):
            event = self.peek_event()
            raise StrictYamlError(f"line {event.start_mark.line + 1}: aliases (*name) are not allowed")
        return super().compose_node(parent, index)  # type: ignore[no-any-return]

    def construct_mapping(self, node: MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen: set[Any] = set()
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=True)  # type: ignore[no-untyped-call]
            try:
                hash(key)
            except TypeError:
                raise StrictYamlError(f"line {key_node.start_mark.line + 1}: a key must be a plain value, "
                                      f"not a {type(key).__name__}") from None
            if key in seen:
                raise StrictYamlError(f"line {key_node.start_mark.line + 1}: duplicate key {key!r}")
            seen.add(key)
        return super().construct_mapping(node, deep=deep)


def load_yaml(text: str) -> Any:
    """Parse `text` as plain YAML data; raises StrictYamlError with a line number."""
    try:
        return yaml.load(text, Loader=_StrictLoader)  # noqa: S506 - a SafeLoader subclass
    except StrictYamlError:
        raise
    except RecursionError:
        raise StrictYamlError("nested too deeply") from None
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        where = f"line {mark.line + 1}: " if mark is not None else ""
        problem = getattr(err, "problem", None) or str(err).splitlines()[0]
        context = getattr(err, "context", None)
        if context:  # "expected a single document in the stream, but found another document"
            problem = f"{context}, {problem}"
        raise StrictYamlError(f"{where}{problem}") from None
