package dev.fluxbench.app.account;

import jakarta.validation.constraints.Min;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * The scheduler BCrypt runs on when {@code POST /api/authenticate} checks a password. A check is CPU
 * work (see {@code fluxbench.account.bcrypt-cost}): on a Netty event loop it would stall every
 * connection the loop serves, and more threads than processors would only make checks take turns.
 * mvc checks on the request's own thread.
 *
 * @param threads the checks that run at once; 0 for one per processor the JVM sees
 * @param queueSize the checks that may wait for a thread; more are answered 503
 */
@Validated
@ConfigurationProperties("fluxbench.password-check")
record PasswordCheckProperties(@Min(0) int threads, @Min(1) int queueSize) {

	/** The threads in force: {@code threads}, or one per processor. */
	int effectiveThreads() {
		return (this.threads > 0) ? this.threads : Runtime.getRuntime().availableProcessors();
	}

}
