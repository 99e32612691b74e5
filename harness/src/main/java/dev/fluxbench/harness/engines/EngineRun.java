package dev.fluxbench.harness.engines;

import java.rmi.NotBoundException;
import java.rmi.RemoteException;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import dev.fluxbench.harness.launch.EnvironmentException;
import org.apache.jorphan.collections.HashTree;
import us.abstracta.jmeter.javadsl.core.TestPlanStats;
import us.abstracta.jmeter.javadsl.core.engines.DistributedJmeterEngine;
import us.abstracta.jmeter.javadsl.core.engines.TestStopper;

/**
 * jmeter-java-dsl's distributed engine, watched: it waits for every engine to say its
 * test ended, which an engine that died never says. So each engine's registry is asked
 * every {@link #PROBE_INTERVAL} whether it still answers; once one does not, the others
 * are stopped and the run fails naming it.
 */
public final class EngineRun extends DistributedJmeterEngine {

	static final Duration PROBE_INTERVAL = Duration.ofSeconds(2);

	private final Engines engines;

	private final AtomicReference<EnvironmentException> failure = new AtomicReference<>();

	public EngineRun(Engines engines) {
		super(engines.addresses().toArray(String[]::new));
		this.engines = engines;
	}

	/**
	 * No statistics of jmeter-java-dsl's: its collector is a remote listener, so every
	 * engine would send each sample twice, once to it and once to fluxbench's own sink,
	 * and fluxbench never reads it.
	 */
	@Override
	protected void addStatsCollector(HashTree testPlanTree, TestPlanStats stats) {
	}

	@Override
	protected TestRunner buildTestRunner(HashTree testPlanTree, HashTree rootTree, TestStopper stopper) {
		TestRunner runner;
		try {
			runner = super.buildTestRunner(testPlanTree, rootTree, stopper);
		}
		catch (RuntimeException ex) {
			// JMeter's own words: "Following remote engines could not be
			// configured:[...]".
			throw new EnvironmentException(Engines.rootMessage(ex), ex);
		}
		return new TestRunner() {

			@Override
			protected void runTest() {
				Thread running = Thread.currentThread();
				ScheduledExecutorService probe = Executors
					.newSingleThreadScheduledExecutor(Thread.ofPlatform().daemon().name("engine-probe").factory());
				probe.scheduleWithFixedDelay(() -> probe(running), PROBE_INTERVAL.toMillis(), PROBE_INTERVAL.toMillis(),
						TimeUnit.MILLISECONDS);
				try {
					runner.run();
				}
				finally {
					probe.shutdownNow();
					// The DSL's wait for the engines ends on an interrupt, and clears it.
					Thread.interrupted();
				}
				if (EngineRun.this.failure.get() != null) {
					runner.stop();
				}
			}

			@Override
			public void stop() {
				runner.stop();
			}

		};
	}

	private void probe(Thread running) {
		for (String address : this.engines.addresses()) {
			try {
				Engines.check(address);
			}
			catch (EnvironmentException ex) {
				if (this.failure.compareAndSet(null, ex)) {
					running.interrupt();
				}
				return;
			}
		}
	}

	/**
	 * Throws what stopped the run, once it returned.
	 * @throws EnvironmentException naming the engine that stopped answering
	 */
	public void checkFinished() {
		EnvironmentException failed = this.failure.get();
		if (failed != null) {
			throw failed;
		}
	}

	/**
	 * Each engine's journey counts of a load, summed.
	 * @return started, completed and stopped journeys
	 */
	public long[] journeys(String counterId) {
		long[] total = new long[3];
		for (String address : this.engines.addresses()) {
			try {
				long[] taken = Engines.counters(address).takeJourneys(counterId);
				for (int i = 0; i < total.length; i++) {
					total[i] += taken[i];
				}
			}
			catch (RemoteException | NotBoundException ex) {
				throw new EnvironmentException(
						"JMeter engine " + address + " did not give its journey counts: " + Engines.rootMessage(ex),
						ex);
			}
		}
		return total;
	}

}
