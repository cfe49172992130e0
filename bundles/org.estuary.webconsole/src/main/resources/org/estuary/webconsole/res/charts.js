/*
 * Estuary web console: a service's metrics over the last minutes. Reads the page's history.json (the samples
 * org.estuary.management takes of the service's metrics), draws the counts as rates per second and the latencies
 * in microseconds with uPlot, lists each series' latest and peak value, and reads again every sampling interval.
 */
(function () {
  'use strict';
  var box = document.getElementById('estuary-charts');
  if (!box || typeof uPlot === 'undefined') {
    return;
  }
  var url = box.getAttribute('data-history');
  var status = box.querySelector('p');
  var colours = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f',
    '#bcbd22', '#17becf'];
  var charts = {};

  function format(value) {
    if (value === null || value === undefined) {
      return '-';
    }
    return Math.abs(value) >= 100 || value === Math.round(value) ? String(Math.round(value))
      : value.toFixed(2);
  }

  function width() {
    var room = (box.clientWidth || 1200) / 2 - 24;
    return Math.max(320, Math.min(640, Math.floor(room)));
  }

  function draw(id, title, unit, times, named) {
    var names = Object.keys(named);
    var element = document.getElementById(id);
    var data = [times].concat(names.map(function (name) { return named[name]; }));
    var key = names.join(' ');
    var chart = charts[id];
    if (chart && chart.key === key) {
      chart.plot.setData(data);
      return;
    }
    if (chart) {
      chart.plot.destroy();
    }
    var options = {
      title: title,
      width: width(),
      height: 240,
      scales: { x: { time: true } },
      series: [{}].concat(names.map(function (name, i) {
        return {
          label: name,
          stroke: colours[i % colours.length],
          width: 1.5,
          value: function (plot, value) { return format(value); }
        };
      })),
      axes: [{}, { label: unit, size: 60 }]
    };
    charts[id] = { key: key, plot: new uPlot(options, data, element) };
    element.setAttribute('data-series', key);
  }

  function latest(series) {
    for (var i = series.length - 1; i >= 0; i--) {
      if (series[i] !== null) {
        return series[i];
      }
    }
    return null;
  }

  function peak(series) {
    var found = null;
    series.forEach(function (value) {
      if (value !== null && (found === null || value > found)) {
        found = value;
      }
    });
    return found;
  }

  function cell(row, text, name) {
    var td = document.createElement('td');
    td.textContent = text;
    if (name) {
      td.className = name;
    }
    row.appendChild(td);
  }

  function summary(history) {
    var table = document.getElementById('estuary-chart-summary');
    table.textContent = '';
    var head = document.createElement('tr');
    ['Metric', 'Latest', 'Peak', 'Total'].forEach(function (text) {
      var th = document.createElement('th');
      th.textContent = text;
      head.appendChild(th);
    });
    table.appendChild(head);
    function rows(named, unit, totals) {
      Object.keys(named).forEach(function (name) {
        var row = document.createElement('tr');
        row.setAttribute('data-metric', name);
        cell(row, name + ' (' + unit + ')');
        cell(row, format(latest(named[name])), 'latest');
        cell(row, format(peak(named[name])), 'peak');
        cell(row, totals && name in totals ? String(totals[name]) : '', 'total');
        table.appendChild(row);
      });
    }
    rows(history.rates, 'per second', history.totals);
    rows(history.latencies, '\u00b5s', null);
  }

  function show(history) {
    var minutes = Math.round(history.times.length * history.interval / 60);
    status.textContent = 'Per second and latencies over the last ' + (minutes < 1 ? 'minute' : minutes
      + ' minutes') + ' (' + history.times.length + ' samples, one every ' + history.interval + ' s).';
    draw('estuary-chart-rates', 'Per second', '/s', history.times, history.rates);
    draw('estuary-chart-latencies', 'Latency', '\u00b5s', history.times, history.latencies);
    summary(history);
    box.setAttribute('data-samples', String(history.times.length));
  }

  function load() {
    var request = new XMLHttpRequest();
    request.open('GET', url);
    request.onload = function () {
      var interval = 5;
      if (request.status === 200) {
        var history = JSON.parse(request.responseText);
        interval = history.interval;
        show(history);
      } else {
        status.textContent = 'Charts unavailable: the history answered ' + request.status + '.';
      }
      window.setTimeout(load, interval * 1000);
    };
    request.onerror = function () {
      status.textContent = 'Charts unavailable: the history could not be read.';
      window.setTimeout(load, 5000);
    };
    request.send();
  }

  load();
}());
