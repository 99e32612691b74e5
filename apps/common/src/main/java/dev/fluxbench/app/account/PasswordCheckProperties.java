package dev.fluxbench.app.account;

import jakarta.validation.constraints.Min;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * The threads BCrypt runs on when {@code POST /api/authenticate} checks a password, the
 * same in every stack. A check is CPU work (see {@code fluxbench.account.bcrypt-cost}):
 * on a Netty event loop it would stall every connection the loop serves; on a virtual
 * thread it would hold its carrier, which is never preempted, so that with as many
 * carriers as checks at once no other request could run, not even one that holds a pooled
 * connection; and more threads than processors would only make checks take turns.
 *
 * @param threads the checks that run at once; 0 for one per processor the JVM sees
 * @param queueSize the checks that may wait for a thread; more are answered 503
 */
@Validated
@ConfigurationProperties("fluxbench.password-check")
public record PasswordCheckProperties(@Min(0) int threads, @Min(1) int queueSize) {

	/** The threads in force: {@code threads}, or one per processor. */
	public int effectiveThreads() {
		return (this.threads > 0) ? this.threads : Runtime.getRuntime().availableProcessors();
	}

}
