package dev.fluxbench.app.account;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import org.springframework.beans.factory.DisposableBean;
import org.springframework.security.crypto.password.PasswordEncoder;

/**
 * Runs every password check on a pool of its own, sized and queued as
 * {@link PasswordCheckProperties} says, as webflux does on its password-check scheduler.
 * The caller waits: a Tomcat thread blocks, a virtual thread parks and frees its carrier.
 * Without it, mvc-vt checks on virtual threads: with the app on one processor, a burst of
 * sign-ins kept the one carrier busy hashing while requests that held a pooled connection
 * could not run to give it back, and other requests timed out waiting for one. A full
 * queue throws {@link java.util.concurrent.RejectedExecutionException}.
 */
final class OffloadedPasswordEncoder implements PasswordEncoder, DisposableBean {

	static final String THREAD_NAME_PREFIX = "password-check-";

	private final PasswordEncoder delegate;

	private final ThreadPoolExecutor executor;

	OffloadedPasswordEncoder(PasswordEncoder delegate, PasswordCheckProperties properties) {
		this.delegate = delegate;
		int threads = properties.effectiveThreads();
		this.executor = new ThreadPoolExecutor(threads, threads, 0, TimeUnit.SECONDS,
				new ArrayBlockingQueue<>(properties.queueSize()),
				Thread.ofPlatform().name(THREAD_NAME_PREFIX, 1).daemon(true).factory(),
				new ThreadPoolExecutor.AbortPolicy());
	}

	@Override
	public String encode(CharSequence rawPassword) {
		return this.delegate.encode(rawPassword);
	}

	@Override
	public boolean matches(CharSequence rawPassword, String encodedPassword) {
		try {
			return this.executor.submit(() -> this.delegate.matches(rawPassword, encodedPassword)).get();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("Interrupted while checking a password", ex);
		}
		catch (ExecutionException ex) {
			if (ex.getCause() instanceof RuntimeException runtime) {
				throw runtime;
			}
			throw new IllegalStateException("Password check failed", ex.getCause());
		}
	}

	@Override
	public boolean upgradeEncoding(String encodedPassword) {
		return this.delegate.upgradeEncoding(encodedPassword);
	}

	@Override
	public void destroy() {
		this.executor.shutdownNow();
	}

}
