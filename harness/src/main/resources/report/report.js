// Draws the report's charts from the JSON block that HtmlReport writes. Everything is inline,
// so the page works from file:// with no network. When every chart has drawn, it sets
// window.fluxbenchReportReady, which the browser test waits for.
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('fluxbench-data').textContent);
  var colours = data.colours;
  var charts = [];
  var baseText = { fontFamily: 'system-ui, sans-serif' };

  function node(id) { return document.querySelector('[data-chart="' + id + '"]'); }

  function draw(id, option) {
    var element = node(id);
    if (!element) { return; }
    var chart = echarts.init(element, null, { renderer: 'canvas' });
    option.animation = false;
    option.textStyle = baseText;
    option.color = option.color || data.stacks.map(function (s) { return colours[s]; });
    option.tooltip = option.tooltip || { trigger: 'axis' };
    option.grid = option.grid || { left: 70, right: 24, top: 60, bottom: 78 };
    chart.setOption(option);
    charts.push(chart);
  }

  function title(text, subtext) { return { text: text, subtext: subtext || '', left: 'center', textStyle: { fontSize: 14 } }; }
  function legend() { return { bottom: 4, data: data.stacks }; }
  function valueAxis(name, extra) {
    var axis = { type: 'value', name: name, nameLocation: 'middle', nameGap: 50, scale: false };
    for (var key in extra || {}) { axis[key] = extra[key]; }
    return axis;
  }
  function timeAxis() { return { type: 'value', name: 'seconds since the stack\'s first measured load', nameLocation: 'middle', nameGap: 28, min: 0 }; }
  function loadLabel(load) { return load + ' ' + data.loadUnit; }

  // JMeter measures whole milliseconds: below a few, a time is mostly rounding. A chart that
  // shows such a time shades the band where it lies and says so; its tooltip gives the time
  // with its resolution, as the tables do.
  var resolution = data.resolution;
  function coarse(values) {
    return values.some(function (v) { return typeof v === 'number' && v < resolution.belowMillis; });
  }
  function resolutionBand(from) {
    return { name: 'resolution', type: 'line', data: [], silent: true,
      markArea: { silent: true, itemStyle: { color: 'rgba(91, 100, 115, 0.10)' },
        label: { position: 'insideTopLeft', fontSize: 10, color: '#5b6473',
          formatter: 'below ' + resolution.belowMillis + ' ms: \u00b1 1 ms' },
        data: [[{ yAxis: from }, { yAxis: resolution.belowMillis }]] } };
  }
  function withResolution(subtitle, shaded) {
    return shaded ? subtitle + '; shaded: whole milliseconds, \u00b1 1 ms' : subtitle;
  }

  // Response times per load: one group of bars per statistic, one bar per stack (thesis Figures 9 to 11).
  var statistics = ['min', 'avg', 'p50', 'p90', 'p95', 'p99', 'p99.9', 'max'];
  data.loads.forEach(function (load) {
    var perStack = data.perLoad[String(load)] || {};
    var shaded = coarse(data.stacks.reduce(function (all, stack) {
      var bars = perStack[stack] || {};
      return all.concat(statistics.filter(function (s) { return s !== 'avg'; }).map(function (s) { return bars[s]; }));
    }, []));
    draw('response-times-' + load, {
      title: title('Response times at ' + loadLabel(load), withResolution('median over trials', shaded)),
      legend: legend(),
      tooltip: { trigger: 'axis', formatter: function (items) {
        return items.filter(function (item) { return item.seriesName !== 'resolution'; }).map(function (item) {
          var labels = (perStack[item.seriesName] || {}).labels || {};
          return item.seriesName + ' ' + statistics[item.dataIndex] + ': ' + (labels[statistics[item.dataIndex]] || '-');
        }).join('<br>');
      } },
      xAxis: { type: 'category', data: statistics, name: 'statistic', nameLocation: 'middle', nameGap: 28 },
      yAxis: valueAxis('response time (ms, log)', { type: 'log', logBase: 10 }),
      series: data.stacks.map(function (stack) {
        var bars = perStack[stack] || {};
        return { name: stack, type: 'bar', itemStyle: { color: colours[stack] },
          data: statistics.map(function (s) { return bars[s] == null ? '-' : Math.max(bars[s], 0.5); }) };
      }).concat(shaded ? [resolutionBand(0.5)] : [])
    });
  });

  // Failed requests per load (thesis Figure 12).
  draw('errors', {
    title: title('Failed requests by load', 'median over trials'),
    legend: legend(),
    xAxis: { type: 'category', data: data.loads.map(loadLabel), name: 'load', nameLocation: 'middle', nameGap: 28 },
    yAxis: valueAxis('failed requests', { minInterval: 1 }),
    series: data.stacks.map(function (stack) {
      return { name: stack, type: 'bar', itemStyle: { color: colours[stack] },
        data: data.loads.map(function (load) { var b = (data.perLoad[String(load)] || {})[stack]; return b ? b.errors : '-'; }) };
    })
  });

  function timeChart(id, heading, unit, key, options) {
    var series = [];
    data.stacks.forEach(function (stack) {
      var timeline = data.timelines[stack];
      if (!timeline) { return; }
      series.push({ name: stack, type: 'line', showSymbol: false, connectNulls: false,
        lineStyle: { width: 1.5, color: colours[stack] }, itemStyle: { color: colours[stack] }, data: timeline[key] });
      if (options && options.extraKey) {
        series.push({ name: stack, type: 'line', showSymbol: false, connectNulls: false,
          lineStyle: { width: 1.5, type: 'dashed', color: colours[stack] }, itemStyle: { color: colours[stack] },
          data: timeline[options.extraKey] });
      }
    });
    var shaded = options && options.wholeMillis && coarse(series.reduce(function (all, line) {
      return all.concat(line.data.map(function (point) { return Array.isArray(point) ? point[1] : point; }));
    }, []));
    draw(id, {
      title: title(heading, withResolution((options && options.subtitle) || ('trial ' + data.timelineTrial + ', every load in turn'), shaded)),
      legend: legend(),
      xAxis: timeAxis(),
      yAxis: valueAxis(unit, options && options.log ? { type: 'log' } : {}),
      series: shaded ? series.concat([resolutionBand(0.5)]) : series
    });
  }

  timeChart('throughput-time', 'Throughput over time', 'requests/s', 'throughput');
  timeChart('p99-time', 'p99 response time over time', 'ms (log)', 'p99', { log: true, wholeMillis: true });
  timeChart('inflight-time', 'Active requests over time', 'requests in flight (mean per second)', 'inFlight');
  timeChart('threads-time', 'Live JVM threads over time', 'platform threads', 'threads');
  timeChart('memory-time', 'JVM memory over time', 'MB', 'heapUsed',
    { extraKey: 'memoryCommitted', subtitle: 'solid: heap used; dashed: heap + non-heap committed (trial ' + data.timelineTrial + ')' });
  timeChart('cpu-time', 'App CPU over time', '% of one core', 'cpu');

  // GC pauses per load (thesis Figure 16 looks at the same through memory).
  draw('gc-pauses', {
    title: title('GC pause time by load', 'median over trials; tooltip shows the pause count'),
    legend: legend(),
    tooltip: { trigger: 'axis', formatter: function (items) {
      return items.map(function (item) {
        var b = (data.perLoad[String(data.loads[item.dataIndex])] || {})[item.seriesName] || {};
        if (b.gcUnknown) { return item.seriesName + ': ' + b.gcUnknown; }
        return item.seriesName + ': ' + item.value + ' ms in ' + (b.gcPauses == null ? '?' : b.gcPauses) + ' pauses';
      }).join('<br>');
    } },
    xAxis: { type: 'category', data: data.loads.map(loadLabel), name: 'load', nameLocation: 'middle', nameGap: 28 },
    yAxis: valueAxis('pause time (ms)'),
    series: data.stacks.map(function (stack) {
      return { name: stack, type: 'bar', itemStyle: { color: colours[stack] },
        data: data.loads.map(function (load) { var b = (data.perLoad[String(load)] || {})[stack]; return b && b.gcPauseMs != null ? b.gcPauseMs : '-'; }) };
    })
  });

  // Latency percentile distribution on log axes: the tail is where stacks part ways.
  data.loads.forEach(function (load) {
    var perStack = data.perLoad[String(load)] || {};
    var shaded = coarse(data.stacks.reduce(function (all, stack) {
      return all.concat(((perStack[stack] || {}).distribution || []).map(function (p) { return p[1]; }));
    }, []));
    draw('percentiles-' + load, {
      title: title('Latency by percentile at ' + loadLabel(load), withResolution('trial 1', shaded)),
      legend: legend(),
      tooltip: { trigger: 'axis', formatter: function (items) {
        return items.filter(function (item) { return item.seriesName !== 'resolution'; }).map(function (item) {
          var point = ((perStack[item.seriesName] || {}).distribution || [])[item.dataIndex];
          return item.seriesName + ' ' + item.name + ': ' + (point ? point[2] : '-');
        }).join('<br>');
      } },
      xAxis: { type: 'category', name: 'percentile', nameLocation: 'middle', nameGap: 28,
        data: ((perStack[data.stacks[0]] || {}).distribution || []).map(function (p) { return p[0] + '%'; }) },
      yAxis: valueAxis('response time (ms, log)', { type: 'log' }),
      series: data.stacks.map(function (stack) {
        var points = (perStack[stack] || {}).distribution || [];
        return { name: stack, type: 'line', symbolSize: 6, lineStyle: { color: colours[stack] }, itemStyle: { color: colours[stack] },
          data: points.map(function (p) { return Math.max(p[1], 0.5); }) };
      }).concat(shaded ? [resolutionBand(0.5)] : [])
    });
  });

  // Faults: each load on its schedule's clock, the phases as bands labelled with their knobs,
  // every target's first trial over them, so that all meet each phase at the same place.
  if (data.faults) {
    var states = ['closed', 'half-open', 'open'];
    data.faults.loads.forEach(function (load) {
      var perLoad = data.faults.perLoad[String(load)];
      var axisName = data.faults.schedules ? 'seconds since the fault schedule started' : 'seconds since the load began';
      function faultAxis() { return { type: 'value', name: axisName, nameLocation: 'middle', nameGap: 28, min: 0 }; }
      function bands() {
        return { name: 'fault phases', type: 'line', data: [], silent: true,
          markArea: { silent: true, label: { position: 'insideTop', fontSize: 10, color: '#5b6473' },
            data: perLoad.bands.map(function (band) {
              return [{ name: band.label, xAxis: band.from,
                itemStyle: { color: band.failing ? 'rgba(179, 38, 30, 0.10)' : 'rgba(46, 158, 106, 0.05)' } },
                { xAxis: band.to }];
            }) } };
      }
      function lines(key, type, axis, step) {
        return data.stacks.filter(function (stack) { return perLoad.stacks[stack]; }).map(function (stack) {
          return { name: stack, type: 'line', showSymbol: false, connectNulls: false, yAxisIndex: axis || 0,
            step: step ? 'end' : false, lineStyle: { width: 1.5, type: type, color: colours[stack] },
            itemStyle: { color: colours[stack] }, data: perLoad.stacks[stack][key] };
        });
      }
      var right = { position: 'right', nameGap: 48 };
      // Room on the right for the second axis' labels and name.
      var grid = { left: 78, right: 70, top: 60, bottom: 78 };
      draw('faults-' + load, {
        title: title('Under the fault profile at ' + loadLabel(load),
          'solid: completed requests/s; dotted: failed/s; dashed: p99 ms (right); trial ' + data.timelineTrial),
        legend: legend(),
        grid: grid,
        xAxis: faultAxis(),
        yAxis: [valueAxis('requests/s'), valueAxis('p99 ms (log)', Object.assign({ type: 'log' }, right))],
        series: [bands()].concat(lines('throughput', 'solid'), lines('errors', 'dotted'), lines('p99', 'dashed', 1))
      });
      if (!data.faults.breakers) { return; }
      draw('breaker-' + load, {
        title: title('Circuit breaker \u2018' + perLoad.breaker + '\u2019 at ' + loadLabel(load),
          'solid: state; dashed: failure rate in its window, % (right)'),
        legend: legend(),
        grid: grid,
        xAxis: faultAxis(),
        yAxis: [valueAxis('', { min: 0, max: 2, interval: 1,
          axisLabel: { formatter: function (v) { return states[v] || ''; } } }),
          valueAxis('failure rate %', Object.assign({ min: 0, max: 100 }, right))],
        series: [bands()].concat(lines('state', 'solid', 0, true), lines('failureRate', 'dashed', 1))
      });
      draw('breaker-calls-' + load, {
        title: title('Calls through the breaker at ' + loadLabel(load),
          'solid: refused while open (not permitted)/s; dashed: failed/s'),
        legend: legend(),
        grid: grid,
        xAxis: faultAxis(),
        yAxis: valueAxis('calls/s'),
        series: [bands()].concat(lines('notPermitted', 'solid'), lines('failed', 'dashed'))
      });
    });
  }

  window.addEventListener('resize', function () { charts.forEach(function (c) { c.resize(); }); });
  window.fluxbenchReportReady = true;
}());
