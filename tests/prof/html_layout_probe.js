// Run inside bspprof's page by tests/prof/html_renders.sh (headless Chromium):
// reads what the page shows and writes it, as JSON, into a pre element with
// the id "layout".
(function () {
  const found = {charts: {}, outside: [], overflow: [], banners: [], table_steps: 0, text: ''};
  const main = document.querySelector('main');
  const mainBox = main.getBoundingClientRect();
  const names = (root, attribute) =>
    [...new Set([...root.querySelectorAll('[' + attribute + ']')].map(e => e.getAttribute(attribute)))].sort();
  for (const svg of document.querySelectorAll('svg.chart')) {
    const name = svg.getAttribute('data-chart');
    const box = svg.getBoundingClientRect();
    found.charts[name] = {
      numbers: [...svg.querySelectorAll('.step-number')].map(e => Number(e.textContent)),
      sites: [...svg.querySelectorAll('.step-site')].map(e => e.textContent),
      series: names(svg, 'data-series'),
      legend: names(svg, 'data-legend'),
      ticks: svg.querySelectorAll('text.tick').length,
    };
    for (const t of svg.querySelectorAll('text')) {
      const b = t.getBoundingClientRect();
      if (b.left < box.left - 1 || b.right > box.right + 1 || b.top < box.top - 1 || b.bottom > box.bottom + 1)
        found.outside.push(name + ': ' + t.textContent);
    }
  }
  for (const e of main.querySelectorAll('*')) {
    if (e.closest('svg') && e.tagName.toLowerCase() !== 'svg') continue;
    const b = e.getBoundingClientRect();
    const scrolls = !(e instanceof SVGElement) && e.scrollWidth > e.clientWidth + 1;
    if (b.right > mainBox.right + 1 || b.left < mainBox.left - 1 || scrolls)
      found.overflow.push(e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (e.className && typeof e.className === 'string' ? '.' + e.className : ''));
  }
  if (document.documentElement.scrollWidth > document.documentElement.clientWidth)
    found.overflow.push('page is wider than the window');
  found.banners = [...document.querySelectorAll('[data-banner]')].map(e => e.getAttribute('data-banner'));
  found.table_steps = document.querySelectorAll('table.steps tr[data-step]').length;
  found.text = document.querySelector('.intro').textContent.replace(/\s+/g, ' ');
  const pre = document.createElement('pre');
  pre.id = 'layout';
  pre.textContent = JSON.stringify(found);
  document.body.appendChild(pre);
})();
