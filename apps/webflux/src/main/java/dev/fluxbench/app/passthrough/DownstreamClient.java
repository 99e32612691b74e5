package dev.fluxbench.app.passthrough;

import dev.fluxbench.app.client.PooledClientProperties;
import dev.fluxbench.app.client.PooledClients;
import dev.fluxbench.contract.passthrough.Message;
import dev.fluxbench.contract.passthrough.MessageAck;
import io.netty.channel.ConnectTimeoutException;
import io.netty.handler.timeout.ReadTimeoutException;
import reactor.core.publisher.Mono;
import reactor.netty.internal.shaded.reactor.pool.PoolAcquirePendingLimitException;
import reactor.netty.internal.shaded.reactor.pool.PoolAcquireTimeoutException;

import org.springframework.core.codec.CodecException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.client.WebClient;
import org.springframework.web.reactive.function.client.WebClientRequestException;

@Component
class DownstreamClient {

	private final WebClient webClient;

	private final PooledClientProperties properties;

	DownstreamClient(PooledClients clients, DownstreamProperties properties) {
		this.properties = properties.downstream();
		this.webClient = clients.webClient("downstream", this.properties);
	}

	Mono<MessageAck> send(Message message, HttpHeaders incoming) {
		return this.webClient.post()
			.uri("/messages")
			.contentType(MediaType.APPLICATION_JSON)
			.accept(MediaType.APPLICATION_JSON)
			.headers((headers) -> FaultHeaderForwarding.copy(incoming, headers))
			.bodyValue(message)
			.retrieve()
			.onStatus(HttpStatusCode::isError,
					(response) -> response.releaseBody()
						.then(Mono.error(DownstreamException.answered(response.statusCode().value()))))
			.bodyToMono(MessageAck.class)
			.onErrorMap(WebClientRequestException.class, this::translate)
			.onErrorMap(CodecException.class, DownstreamException::unreadable)
			.switchIfEmpty(Mono.error(() -> DownstreamException.unreadable(null)));
	}

	private DownstreamException translate(WebClientRequestException ex) {
		Throwable cause = ex.getCause();
		if (cause instanceof PoolAcquirePendingLimitException || cause instanceof PoolAcquireTimeoutException) {
			return DownstreamException.saturated(ex);
		}
		if (cause instanceof ConnectTimeoutException) {
			return DownstreamException.timedOut(this.properties.connectTimeout(), ex);
		}
		if (cause instanceof ReadTimeoutException) {
			return DownstreamException.timedOut(this.properties.readTimeout(), ex);
		}
		return DownstreamException.unreachable(ex);
	}

}
