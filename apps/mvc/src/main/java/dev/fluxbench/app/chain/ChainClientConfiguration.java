package dev.fluxbench.app.chain;

import java.time.Duration;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import dev.fluxbench.app.passthrough.DownstreamProperties;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.micrometer.core.instrument.binder.httpcomponents.hc5.PoolingHttpClientConnectionManagerMetricsBinder;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManager;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.util.Timeout;

import org.springframework.boot.thread.Threading;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.http.client.HttpComponentsClientHttpRequestFactory;
import org.springframework.web.client.RestClient;

/**
 * The chain's two clients, each on an Apache HttpClient 5 pool of its own sized like the
 * passthrough's ({@code fluxbench.downstream.*}), and the threads that calls to service B run on.
 * The client to B reads no longer than the time limiter waits, so that a call the limiter gave up
 * on does not hold its connection and its thread much longer; the client to the next hop reads as
 * long as {@code fluxbench.chain.hop-timeout}.
 */
@Configuration(proxyBeanMethods = false)
class ChainClientConfiguration {

	static final String CALL_THREAD_PREFIX = "chain-call-";

	@Bean(destroyMethod = "close")
	PoolingHttpClientConnectionManager serviceBConnectionManager(DownstreamProperties downstream,
			DownstreamGuards guards) {
		return connectionManager(downstream, guards.timeout());
	}

	@Bean
	MeterBinder serviceBPoolMetrics(PoolingHttpClientConnectionManager serviceBConnectionManager) {
		return new PoolingHttpClientConnectionManagerMetricsBinder(serviceBConnectionManager, "chain-service-b");
	}

	@Bean(destroyMethod = "close")
	CloseableHttpClient serviceBHttpClient(PoolingHttpClientConnectionManager serviceBConnectionManager,
			DownstreamProperties downstream, DownstreamGuards guards) {
		return httpClient(serviceBConnectionManager, downstream, guards.timeout());
	}

	@Bean
	RestClient serviceBRestClient(RestClient.Builder builder, CloseableHttpClient serviceBHttpClient,
			DownstreamProperties downstream) {
		// The builder from Boot carries the observation registry, hence http.client.requests.
		return builder.baseUrl(downstream.baseUrl().toString())
			.requestFactory(new HttpComponentsClientHttpRequestFactory(serviceBHttpClient))
			.build();
	}

	@Bean(destroyMethod = "close")
	PoolingHttpClientConnectionManager nextHopConnectionManager(DownstreamProperties downstream,
			ChainProperties properties) {
		return connectionManager(downstream, properties.hopTimeout());
	}

	@Bean
	MeterBinder nextHopPoolMetrics(PoolingHttpClientConnectionManager nextHopConnectionManager) {
		return new PoolingHttpClientConnectionManagerMetricsBinder(nextHopConnectionManager, "chain-next-hop");
	}

	@Bean(destroyMethod = "close")
	CloseableHttpClient nextHopHttpClient(PoolingHttpClientConnectionManager nextHopConnectionManager,
			DownstreamProperties downstream, ChainProperties properties) {
		return httpClient(nextHopConnectionManager, downstream, properties.hopTimeout());
	}

	@Bean
	RestClient nextHopRestClient(RestClient.Builder builder, CloseableHttpClient nextHopHttpClient) {
		// No base URL: the next hop may be this app, whose port is known only once it listens.
		return builder.requestFactory(new HttpComponentsClientHttpRequestFactory(nextHopHttpClient)).build();
	}

	/**
	 * A virtual thread per call when virtual threads are on (mvc-vt), else a bounded pool of
	 * platform threads. Shut down at once on close: a call still running has a request thread
	 * waiting for it, which the server's own shutdown ends.
	 */
	@Bean(destroyMethod = "shutdownNow")
	ExecutorService serviceBCalls(ChainProperties properties, Environment environment) {
		if (Threading.VIRTUAL.isActive(environment)) {
			return Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name(CALL_THREAD_PREFIX, 1).factory());
		}
		ChainProperties.CallPool pool = properties.callPool();
		return new ThreadPoolExecutor(pool.threads(), pool.threads(), 0, TimeUnit.SECONDS,
				new ArrayBlockingQueue<>(pool.queueSize()),
				Thread.ofPlatform().name(CALL_THREAD_PREFIX, 1).daemon(true).factory(),
				new ThreadPoolExecutor.AbortPolicy());
	}

	@Bean
	ChainIsolation chainIsolation(ChainProperties properties, Environment environment) {
		if (Threading.VIRTUAL.isActive(environment)) {
			return new ChainIsolation("virtual-thread-per-task", CALL_THREAD_PREFIX, null, null);
		}
		ChainProperties.CallPool pool = properties.callPool();
		return new ChainIsolation("thread-pool", CALL_THREAD_PREFIX, pool.threads(), pool.queueSize());
	}

	static PoolingHttpClientConnectionManager connectionManager(DownstreamProperties downstream, Duration readTimeout) {
		return PoolingHttpClientConnectionManagerBuilder.create()
			.setMaxConnTotal(downstream.maxConnections())
			.setMaxConnPerRoute(downstream.maxConnections())
			.setDefaultConnectionConfig(ConnectionConfig.custom()
				.setConnectTimeout(Timeout.of(downstream.connectTimeout()))
				.setSocketTimeout(Timeout.of(readTimeout))
				.build())
			.build();
	}

	// No automatic retries, as in the passthrough: a retried request would hide a failure.
	static CloseableHttpClient httpClient(PoolingHttpClientConnectionManager connectionManager,
			DownstreamProperties downstream, Duration readTimeout) {
		return HttpClients.custom()
			.setConnectionManager(connectionManager)
			.setDefaultRequestConfig(RequestConfig.custom()
				.setConnectionRequestTimeout(Timeout.of(downstream.acquireTimeout()))
				.setResponseTimeout(Timeout.of(readTimeout))
				.build())
			.disableAutomaticRetries()
			.disableRedirectHandling()
			.build();
	}

}
