package dev.fluxbench.app.unit;

import dev.fluxbench.app.client.PooledClientProperties;
import dev.fluxbench.app.client.PooledClients;
import dev.fluxbench.contract.unit.UnitDto;
import dev.fluxbench.contract.unit.UnitSoap;
import io.netty.channel.ConnectTimeoutException;
import io.netty.handler.timeout.ReadTimeoutException;
import reactor.core.publisher.Mono;
import reactor.netty.internal.shaded.reactor.pool.PoolAcquirePendingLimitException;
import reactor.netty.internal.shaded.reactor.pool.PoolAcquireTimeoutException;

import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.client.WebClient;
import org.springframework.web.reactive.function.client.WebClientRequestException;

/** Fetches one unit from the partner's SOAP repository ({@link UnitSoap}). */
@Component
class PartnerRepositoryClient {

	private static final byte[] NO_BODY = new byte[0];

	private final WebClient webClient;

	private final PooledClientProperties properties;

	PartnerRepositoryClient(PooledClients clients, PartnerRepositoryProperties properties) {
		this.properties = properties.partnerRepository();
		this.webClient = clients.webClient("partner-repository", this.properties);
	}

	/** The unit, or empty when the repository has no such unit. */
	Mono<UnitDto> fetch(long id) {
		return this.webClient.post()
			.uri(UnitSoap.PATH)
			// Written as the contract spells it; MediaType would print it without the
			// space.
			.header(HttpHeaders.CONTENT_TYPE, UnitSoap.CONTENT_TYPE)
			.accept(MediaType.TEXT_XML)
			.header("SOAPAction", UnitSoap.ACTION)
			.bodyValue(UnitSoapCodec.request(id))
			// The whole answer is read whatever its status: a SOAP fault comes with a
			// 500.
			.exchangeToMono((response) -> response.bodyToMono(byte[].class)
				.defaultIfEmpty(NO_BODY)
				.flatMap(
						(body) -> Mono.justOrEmpty(PartnerRepositoryAnswers.read(response.statusCode().value(), body))))
			.onErrorMap(WebClientRequestException.class, this::translate)
			// A stall after the headers times out while the body is read, outside any
			// request exception.
			.onErrorMap(ReadTimeoutException.class,
					(ex) -> PartnerRepositoryException.timedOut(this.properties.readTimeout(), ex));
	}

	private PartnerRepositoryException translate(WebClientRequestException ex) {
		Throwable cause = ex.getCause();
		if (cause instanceof PoolAcquirePendingLimitException || cause instanceof PoolAcquireTimeoutException) {
			return PartnerRepositoryException.saturated(ex);
		}
		if (cause instanceof ConnectTimeoutException) {
			return PartnerRepositoryException.timedOut(this.properties.connectTimeout(), ex);
		}
		if (cause instanceof ReadTimeoutException) {
			return PartnerRepositoryException.timedOut(this.properties.readTimeout(), ex);
		}
		return PartnerRepositoryException.unreachable(ex);
	}

}
