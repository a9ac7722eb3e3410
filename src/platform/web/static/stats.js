// Suzerain — the statistics page: draws each chart of #stats-data (the ruleset's line charts) with
// Chart.js (/static/vendor/chart.umd.min.js, loaded before this script). The player's own series
// is drawn thicker, over the others. Each line has its own point shape and dash (data.styles, the
// same as the legend buttons and the tables drawn by the server: colour is never alone), and the
// legend is the row of buttons under the chart (aria-pressed), usable from the keyboard. No inline code.
(function () {
  'use strict';
  var dataEl = document.getElementById('stats-data');
  if (!dataEl || typeof window.Chart === 'undefined') return;
  var data = { charts: [] };
  try { data = JSON.parse(dataEl.textContent || '{}'); } catch (e) { return; }
  var lang = document.documentElement.lang === 'en' ? 'en-GB' : 'fr-FR';
  var number = new Intl.NumberFormat(lang, { maximumFractionDigits: 2 });
  var sep = lang === 'en-GB' ? ': ' : ' : ';
  var css = getComputedStyle(document.body);
  var Chart = window.Chart;
  Chart.defaults.font.family = css.fontFamily || 'sans-serif';
  Chart.defaults.color = css.color || '#2b2118';

  function box(canvas) { return canvas.parentNode; }

  (data.charts || []).forEach(function (c) {
    var canvas = document.querySelector('canvas[data-chart="' + c.id + '"]');
    if (!canvas) return;
    var n = c.series.length;
    var many = n > 12;
    // Counts (territories, knights…) start at zero, with whole-number ticks.
    var counts = c.series.every(function (s) {
      return s.values.every(function (v) { return v === null || (v >= 0 && Math.floor(v) === v); });
    });
    box(canvas).style.height = '300px';
    var styles = data.styles || { points: ['circle'], dashes: [[]] };
    var datasets = c.series.map(function (s, i) {
      var color = s.color || '#5e5040';
      var np = styles.points.length;
      return {
        pointStyle: styles.points[i % np],
        borderDash: styles.dashes[Math.floor(i / np) % styles.dashes.length],
        label: s.name,
        data: s.values,
        borderColor: color,
        backgroundColor: color,
        borderWidth: s.mine ? 4 : many ? 1.25 : 2,
        pointRadius: s.mine ? 4.5 : many ? 2.5 : 3.5,
        pointHoverRadius: 6,
        order: s.mine ? 0 : 1,
        spanGaps: false,
        tension: 0,
        fill: false,
      };
    });
    canvas.chart = new Chart(canvas, {
      type: 'line',
      data: { labels: c.labels, datasets: datasets },
      options: {
        animation: false,
        responsive: true,
        maintainAspectRatio: false,
        interaction: { mode: 'nearest', axis: 'x', intersect: false },
        plugins: {
          legend: { display: false },
          tooltip: {
            callbacks: {
              label: function (ctx) { return ctx.dataset.label + sep + (ctx.parsed.y === null ? '—' : number.format(ctx.parsed.y)); },
            },
          },
        },
        scales: {
          x: { grid: { display: false } },
          y: {
            beginAtZero: counts,
            suggestedMax: counts ? 1 : undefined,
            ticks: { precision: counts ? 0 : undefined, callback: function (v) { return number.format(v); } },
          },
        },
      },
    });
    // The legend: one toggle button per line.
    var legend = document.querySelector('[data-legend="' + c.id + '"]');
    if (legend) {
      legend.hidden = false;
      var buttons = legend.querySelectorAll('button[data-series]');
      for (var b = 0; b < buttons.length; b++) {
        buttons[b].addEventListener('click', function (ev) {
          var btn = ev.currentTarget;
          var i = Number(btn.getAttribute('data-series'));
          var visible = !canvas.chart.isDatasetVisible(i);
          canvas.chart.setDatasetVisibility(i, visible);
          canvas.chart.update();
          btn.setAttribute('aria-pressed', visible ? 'true' : 'false');
        });
      }
    }
    canvas.setAttribute('data-drawn', '1');
  });
})();
