/**
 * {@code fluxbench run --prometheus}: a real Prometheus, started as a child of the run
 * like the downstream, that scrapes every service the run measures while it runs and
 * keeps its data in the results directory, for the dashboards in {@code ops/grafana/}.
 * {@link dev.fluxbench.harness.prometheus.ScrapeConfig} writes its configuration (the
 * same file as {@code ops/prometheus/prometheus.yml}),
 * {@link dev.fluxbench.harness.prometheus.ScrapeTargets} the file-based discovery that
 * tells it which services run now,
 * {@link dev.fluxbench.harness.prometheus.PrometheusServer} starts, asks and stops it,
 * {@link dev.fluxbench.harness.prometheus.ScrapeGaps} counts the scrapes it missed, and
 * {@link dev.fluxbench.harness.prometheus.RunPrometheus} is what a run sees of it all.
 */
package dev.fluxbench.harness.prometheus;
