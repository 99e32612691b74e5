/**
 * Runs Java services as child JVMs: {@link dev.fluxbench.launcher.JvmService} describes
 * one, {@link dev.fluxbench.launcher.JvmService#start()} launches it and waits for its
 * readiness probe, and {@link dev.fluxbench.launcher.RunningService} stops it with
 * everything it spawned. Each service runs under a supervisor JVM started from this
 * module's jar, which stops the service when the JVM that launched it dies, even of
 * SIGKILL. Plain JDK, no dependencies: the contract tests run inside the Spring Boot BOM,
 * the load harness outside it, and both use this.
 */
package dev.fluxbench.launcher;
