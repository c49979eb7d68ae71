"""Scripts run in a rendered page to open what a reader would open (Playwright evaluates them)."""

OPEN = """(most) => {
  let n = 0;
  for (const d of document.querySelectorAll('details:not([open])')) {
    if (n >= most) return n;
    d.open = true; n++;
  }
  const skip = 'nav, header, footer, [role=navigation], [role=menubar], [role=menu], [role=banner]';
  for (const el of document.querySelectorAll('[aria-expanded="false"]')) {
    if (n >= most) return n;
    if (el.closest(skip)) continue;
    const popup = el.getAttribute('aria-haspopup');
    if (popup && popup !== 'false') continue;
    const href = el.tagName === 'A' ? (el.getAttribute('href') || '') : '';
    if (href && !href.startsWith('#')) continue;
    try { el.click(); n++; } catch (e) {}
  }
  return n;
}"""
TABS = "() => document.querySelectorAll('[role=tab]').length"
CLICK_TAB = """(i) => {
  const tab = document.querySelectorAll('[role=tab]')[i];
  if (!tab) return false;
  const href = tab.tagName === 'A' ? (tab.getAttribute('href') || '') : '';
  if (href && !href.startsWith('#')) return false;
  try { tab.click(); } catch (e) {}
  return true;
}"""
KEEP_PANEL = """(i) => {
  const tab = document.querySelectorAll('[role=tab]')[i];
  if (!tab) return;
  const id = tab.getAttribute('aria-controls');
  const panel = id ? document.getElementById(id)
                   : Array.from(document.querySelectorAll('[role=tabpanel]')).find(p => !p.hidden);
  if (!panel) return;
  const kept = (window.__rulesAuditorPanels = window.__rulesAuditorPanels || []);
  kept.push([panel, panel.cloneNode(true), (panel.textContent || '').trim()]);
}"""
RESTORE_PANELS = """() => {
  const kept = window.__rulesAuditorPanels || [];
  const holder = document.createElement('div');
  holder.setAttribute('data-rules-auditor', 'tab panels opened one by one');
  const seen = new Set();
  for (const [panel, copy, text] of kept) {
    const now = panel.isConnected ? (panel.textContent || '').trim() : '';
    if (!text || now === text || seen.has(text)) continue;
    seen.add(text);
    copy.removeAttribute('id');
    copy.removeAttribute('hidden');
    holder.appendChild(copy);
  }
  if (holder.childNodes.length) document.body.appendChild(holder);
  delete window.__rulesAuditorPanels;
}"""
