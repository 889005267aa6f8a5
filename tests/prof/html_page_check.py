"""Checks bspprof's page as headless Chromium laid it out (tests/prof/html_renders.sh).

Usage: html_page_check.py DOM_DUMP SUPERSTEPS EXPECTED_BANNERS
DOM_DUMP holds <pre id="layout">JSON</pre> written by html_layout_probe.js;
EXPECTED_BANNERS is a comma-separated list (may be empty). Prints each
problem and exits 1 when there is one.
"""
import html
import json
import re
import sys


def main():
    dom, steps, expected = open(sys.argv[1]).read(), int(sys.argv[2]), sys.argv[3]
    written = re.findall(r'<pre id="layout">(\{.*?)</pre>', dom, re.S)
    if not written:
        print('FAIL: the layout probe wrote nothing (did the script run?)')
        return 1
    found = json.loads(html.unescape(written[-1]))
    problems = []
    for chart in ('timeline', 'strata'):
        numbers = found['charts'].get(chart, {}).get('numbers')
        if numbers != list(range(steps)):
            problems.append(f'{chart}: superstep numbers {numbers}, expected 0..{steps - 1}')
        sites = found['charts'].get(chart, {}).get('sites', [])
        if len(sites) != steps or not all(re.match(r'\d+: \S', s) for s in sites):
            problems.append(f'{chart}: call sites {sites}')
    for chart, seen in found['charts'].items():
        if seen['series'] != seen['legend']:
            problems.append(f"{chart}: drawn {seen['series']} but the legend has {seen['legend']}")
    for chart in ('timeline', 'strata'):
        if found['charts'].get(chart, {}).get('ticks', 0) < 4:
            problems.append(f'{chart}: fewer than 4 axis ticks')
    if 'prediction' not in found['charts'] or len(found['charts']['prediction']['legend']) != 4:
        problems.append('prediction chart: expected measured, BSP, BSPWB and MPM')
    problems += ['text outside its chart: ' + t for t in found['outside']]
    problems += ['wider than the page: ' + e for e in found['overflow']]
    if found['table_steps'] != steps:
        problems.append(f"the table has {found['table_steps']} supersteps, expected {steps}")
    for words in ('BSPWB', 'MPM', '(predicted − measured) / measured', 'positive when'):
        if words not in found['text']:
            problems.append(f'the introduction does not say "{words}"')
    want = sorted(b for b in expected.split(',') if b)
    if sorted(found['banners']) != want:
        problems.append(f"banners {sorted(found['banners'])}, expected {want}")
    for p in problems:
        print('FAIL:', p)
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
