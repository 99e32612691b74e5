/**
 * Load from JMeter's own remote engines: {@code fluxbench agent} serves one,
 * {@code fluxbench run --engines} splits each measured load across several, over RMI with
 * SSL unless told otherwise (docs/distributed.md).
 */
package dev.fluxbench.harness.engines;
