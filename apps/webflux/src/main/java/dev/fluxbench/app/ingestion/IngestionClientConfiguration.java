package dev.fluxbench.app.ingestion;

import io.netty.channel.ChannelOption;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;
import reactor.netty.http.client.HttpClient;
import reactor.netty.resources.ConnectionProvider;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.client.reactive.ReactorClientHttpConnector;
import org.springframework.web.reactive.function.client.WebClient;

/**
 * The file server's WebClient, apart from the passthrough's: its pool and timeouts must not be
 * shared with benchmark traffic. Reactor Netty's response timeout is the longest silence between two
 * reads, not a limit on the whole download. Also the threads that read a file: see
 * {@link IngestionService}.
 */
@Configuration(proxyBeanMethods = false)
class IngestionClientConfiguration {

	@Bean(destroyMethod = "dispose")
	ConnectionProvider ingestionConnectionProvider(IngestionProperties properties) {
		// One connection per partner is all the schedule ever uses at once.
		return ConnectionProvider.builder("ingestion").maxConnections(properties.partners().size()).build();
	}

	@Bean
	WebClient ingestionWebClient(WebClient.Builder builder, ConnectionProvider ingestionConnectionProvider,
			IngestionProperties properties) {
		HttpClient httpClient = HttpClient.create(ingestionConnectionProvider)
			.option(ChannelOption.CONNECT_TIMEOUT_MILLIS, Math.toIntExact(properties.connectTimeout().toMillis()))
			.responseTimeout(properties.readTimeout())
			.disableRetry(true);
		return builder.clientConnector(new ReactorClientHttpConnector(httpClient)).build();
	}

	/**
	 * Where files are parsed: reading a line from the download may wait for the network, and parsing
	 * 100 000 lines is CPU work that would hold up every other connection of an event loop. Bounded,
	 * so concurrent ingestions cannot grow threads without limit.
	 */
	@Bean(destroyMethod = "dispose")
	Scheduler ingestionScheduler(IngestionProperties properties) {
		return Schedulers.newBoundedElastic(properties.partners().size(), 100, "ingestion");
	}

}
