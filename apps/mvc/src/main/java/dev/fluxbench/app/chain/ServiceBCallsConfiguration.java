package dev.fluxbench.app.chain;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import org.springframework.boot.thread.Threading;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/**
 * The threads that calls to service B run on while the time limiter watches them: a
 * virtual thread per call when virtual threads are on (mvc-vt), else
 * {@code fluxbench.chain.call-pool}'s bounded pool of platform threads, as Hystrix's
 * thread-pool isolation had.
 */
@Configuration(proxyBeanMethods = false)
class ServiceBCallsConfiguration {

	static final String THREAD_NAME_PREFIX = "chain-call-";

	// Shut down at once on close: a call still running has a request thread waiting for
	// it, which the server's own shutdown ends.
	@Bean(destroyMethod = "shutdownNow")
	ExecutorService serviceBCalls(ChainProperties properties, Environment environment) {
		if (Threading.VIRTUAL.isActive(environment)) {
			return Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name(THREAD_NAME_PREFIX, 1).factory());
		}
		ChainProperties.CallPool pool = properties.callPool();
		return new ThreadPoolExecutor(pool.threads(), pool.threads(), 0, TimeUnit.SECONDS,
				new ArrayBlockingQueue<>(pool.queueSize()),
				Thread.ofPlatform().name(THREAD_NAME_PREFIX, 1).daemon(true).factory(),
				new ThreadPoolExecutor.AbortPolicy());
	}

	@Bean
	ChainIsolation chainIsolation(ChainProperties properties, Environment environment) {
		if (Threading.VIRTUAL.isActive(environment)) {
			return new ChainIsolation("virtual-thread-per-task", THREAD_NAME_PREFIX, null, null);
		}
		ChainProperties.CallPool pool = properties.callPool();
		return new ChainIsolation("thread-pool", THREAD_NAME_PREFIX, pool.threads(), pool.queueSize());
	}

}
