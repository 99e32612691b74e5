package dev.fluxbench.app.unit;

import java.net.SocketTimeoutException;
import java.util.Optional;
import java.util.concurrent.Semaphore;

import dev.fluxbench.app.client.PooledClientProperties;
import dev.fluxbench.app.client.PooledClients;
import dev.fluxbench.contract.unit.UnitDto;
import dev.fluxbench.contract.unit.UnitSoap;
import org.apache.hc.client5.http.ConnectTimeoutException;
import org.apache.hc.core5.http.ConnectionRequestTimeoutException;

import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.client.ResourceAccessException;
import org.springframework.web.client.RestClient;

/** Fetches one unit from the partner's SOAP repository ({@link UnitSoap}). */
@Component
class PartnerRepositoryClient {

	private final RestClient restClient;

	private final PooledClientProperties properties;

	// Apache's pool queues waiters without limit; this bounds them like Reactor Netty's
	// pending-acquire limit, so that both stacks refuse load at the same point.
	private final Semaphore admissions;

	PartnerRepositoryClient(PooledClients clients, PartnerRepositoryProperties properties) {
		this.properties = properties.partnerRepository();
		this.restClient = clients.restClient("partner-repository", this.properties);
		this.admissions = new Semaphore(this.properties.maxConnections() + this.properties.maxPendingAcquires());
	}

	/** The unit, or empty when the repository has no such unit. */
	Optional<UnitDto> fetch(long id) {
		if (!this.admissions.tryAcquire()) {
			throw PartnerRepositoryException.saturated(null);
		}
		try {
			return this.restClient.post()
				.uri(UnitSoap.PATH)
				// Written as the contract spells it; MediaType would print it without the
				// space.
				.header(HttpHeaders.CONTENT_TYPE, UnitSoap.CONTENT_TYPE)
				.accept(MediaType.TEXT_XML)
				.header("SOAPAction", UnitSoap.ACTION)
				.body(UnitSoapCodec.request(id))
				// The whole answer is read whatever its status: a SOAP fault comes with a
				// 500.
				.exchange((request, response) -> PartnerRepositoryAnswers.read(response.getStatusCode().value(),
						response.getBody().readAllBytes()));
		}
		catch (ResourceAccessException ex) {
			throw translate(ex);
		}
		finally {
			this.admissions.release();
		}
	}

	private PartnerRepositoryException translate(ResourceAccessException ex) {
		Throwable cause = ex.getCause();
		if (cause instanceof ConnectionRequestTimeoutException) {
			return PartnerRepositoryException.saturated(ex);
		}
		if (cause instanceof ConnectTimeoutException) {
			return PartnerRepositoryException.timedOut(this.properties.connectTimeout(), ex);
		}
		if (cause instanceof SocketTimeoutException) {
			return PartnerRepositoryException.timedOut(this.properties.readTimeout(), ex);
		}
		return PartnerRepositoryException.unreachable(ex);
	}

}
