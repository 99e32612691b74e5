/**
 * {@code fluxbench derive}: load levels from production traffic, as the thesis derived
 * its loads (seed 000, sections 6.1 and 6.2).
 * {@link dev.fluxbench.harness.derive.PrometheusClient} reads the request rate over a
 * range, {@link dev.fluxbench.harness.derive.TrafficProfile} finds the normal rate, the
 * peak and the busiest hour in it, {@link dev.fluxbench.harness.derive.LoadLevels} turns
 * rates into closed-model users with Little's law, and
 * {@link dev.fluxbench.harness.derive.ScenarioFile} writes them as a scenario file that
 * records where every number came from.
 */
package dev.fluxbench.harness.derive;
