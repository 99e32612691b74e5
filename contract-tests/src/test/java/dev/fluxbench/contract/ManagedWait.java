package dev.fluxbench.contract;

import java.util.concurrent.Callable;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Waits the test executor knows of. JUnit runs tests on a fork-join pool with a fixed
 * number of threads; a thread that waits on a lock or on another thread's work as a
 * managed block is replaced meanwhile, so the suites that could go on do
 * ({@link DatabaseLanes}).
 */
final class ManagedWait {

	private ManagedWait() {
	}

	/** What {@code waiting} returns, waited for as a managed block. */
	static <T> T call(String what, Callable<T> waiting) {
		AtomicReference<T> result = new AtomicReference<>();
		try {
			ForkJoinPool.managedBlock(new ForkJoinPool.ManagedBlocker() {

				@Override
				public boolean block() throws InterruptedException {
					try {
						result.set(waiting.call());
					}
					catch (InterruptedException | RuntimeException ex) {
						throw ex;
					}
					catch (Exception ex) {
						throw new IllegalStateException("Could not " + what, ex);
					}
					return true;
				}

				@Override
				public boolean isReleasable() {
					return result.get() != null;
				}

			});
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("Interrupted while waiting to " + what, ex);
		}
		return result.get();
	}

}
