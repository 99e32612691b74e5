package dev.fluxbench.downstream;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

import dev.fluxbench.contract.unit.UnitSoap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.webflux.test.autoconfigure.WebFluxTest;
import org.springframework.context.annotation.Import;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.EntityExchangeResult;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The partner's SOAP repository through the real router. The expected envelopes are
 * spelled out, as a SOAP client built from {@link UnitSoap}'s description would read
 * them.
 */
@WebFluxTest
@Import({ DownstreamRoutes.class, DownstreamHandler.class, PartnerFileHandler.class, SoapUnitHandler.class,
		FaultSchedules.class, FaultScheduleHandler.class, Waits.class })
@EnableConfigurationProperties(DownstreamServerProperties.class)
class SoapUnitHandlerTests {

	private static final String ENVELOPE = """
			<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:u="urn:fluxbench:units">
			  <soap:Body><u:GetUnit><u:id>%s</u:id></u:GetUnit></soap:Body>
			</soap:Envelope>""";

	private static final String OPEN = "<?xml version=\"1.0\" encoding=\"UTF-8\"?><soap:Envelope"
			+ " xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\" xmlns:u=\"urn:fluxbench:units\"><soap:Body>";

	@Autowired
	private WebTestClient client;

	@Test
	void getUnitWhenKnownShouldAnswerTheUnitOneVersionNewerThanTheSeed() {
		String xml = body(post(ENVELOPE.formatted(42), Map.of()), 200);
		assertThat(xml).isEqualTo(OPEN + "<u:GetUnitResponse><u:unit><u:id>42</u:id><u:partner>partner-3</u:partner>"
				+ "<u:name>Unit 000042</u:name><u:category>fund</u:category><u:amount>3325.98</u:amount>"
				+ "<u:currency>EUR</u:currency><u:version>2</u:version><u:updatedAt>2026-11-01T00:00:00Z</u:updatedAt>"
				+ "</u:unit></u:GetUnitResponse></soap:Body></soap:Envelope>");
	}

	@Test
	void getUnitShouldKnowIdsBeyondTheSeedUpToTheConfiguredCount() {
		assertThat(body(post(ENVELOPE.formatted(200_000), Map.of()), 200)).contains("<u:id>200000</u:id>")
			.contains("<u:name>Unit 200000</u:name>");
	}

	@ParameterizedTest
	@ValueSource(strings = { "200001", "0", "-7" })
	void getUnitWhenUnknownShouldAnswerAnEmptyResponse(String id) {
		assertThat(body(post(ENVELOPE.formatted(id), Map.of()), 200))
			.isEqualTo(OPEN + "<u:GetUnitResponse></u:GetUnitResponse></soap:Body></soap:Envelope>");
	}

	@Test
	void getUnitShouldAcceptAHeaderElementAndTheDocumentedSoapAction() {
		String envelope = ENVELOPE.formatted(5)
			.replace("<soap:Body>", "<soap:Header><u:trace>t-1</u:trace></soap:Header><soap:Body>");
		assertThat(body(post(envelope, Map.of("SOAPAction", UnitSoap.ACTION)), 200)).contains("<u:id>5</u:id>");
	}

	@Test
	void getUnitShouldAnswerAfterTheConfiguredDelay() {
		long start = System.nanoTime();
		body(post(ENVELOPE.formatted(1), Map.of()), 200);
		assertThat(elapsedSince(start)).isGreaterThanOrEqualTo(Duration.ofMillis(50));
	}

	@Test
	void getUnitShouldAnswerAfterTheDelayARequestAsksFor() {
		long start = System.nanoTime();
		body(post(ENVELOPE.formatted(1), Map.of(SoapUnitHandler.DELAY_HEADER, "400")), 200);
		assertThat(elapsedSince(start)).isGreaterThanOrEqualTo(Duration.ofMillis(400));
	}

	@Test
	void faultBodyFaultShouldAnswerAServerFaultAfterTheDelay() {
		long start = System.nanoTime();
		String xml = body(post(ENVELOPE.formatted(1),
				Map.of(SoapUnitHandler.FAULT_BODY_HEADER, "fault", SoapUnitHandler.DELAY_HEADER, "200")), 500);
		assertThat(elapsedSince(start)).isGreaterThanOrEqualTo(Duration.ofMillis(200));
		assertThat(xml).isEqualTo("<?xml version=\"1.0\" encoding=\"UTF-8\"?><soap:Envelope"
				+ " xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body><soap:Fault>"
				+ "<faultcode>soap:Server</faultcode><faultstring>Fault injected by X-Fault-Body.</faultstring>"
				+ "</soap:Fault></soap:Body></soap:Envelope>");
	}

	@Test
	void faultBodyGarbageShouldAnswer200WithBytesThatAreNotXml() {
		String body = body(post(ENVELOPE.formatted(1), Map.of(SoapUnitHandler.FAULT_BODY_HEADER, "garbage")), 200);
		assertThatExceptionOfType(XMLStreamException.class).isThrownBy(() -> readToTheEnd(body));
	}

	@Test
	void faultBodyTruncateShouldAnswer200WithHalfTheEnvelope() {
		String whole = body(post(ENVELOPE.formatted(42), Map.of()), 200);
		String half = body(post(ENVELOPE.formatted(42), Map.of(SoapUnitHandler.FAULT_BODY_HEADER, "truncate")), 200);
		assertThat(whole).startsWith(half);
		assertThat(half).hasSize(whole.length() / 2);
		assertThatExceptionOfType(XMLStreamException.class).isThrownBy(() -> readToTheEnd(half));
	}

	@ParameterizedTest
	@ValueSource(strings = { "", "not xml at all",
			"<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\">",
			"<Envelope><Body><GetUnit><id>1</id></GetUnit></Body></Envelope>",
			"<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\" xmlns:u=\"urn:fluxbench:units\"><soap:Body><u:DeleteUnit><u:id>1</u:id></u:DeleteUnit></soap:Body></soap:Envelope>",
			"<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\" xmlns:u=\"urn:fluxbench:units\"><soap:Body><u:GetUnit></u:GetUnit></soap:Body></soap:Envelope>",
			"<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\" xmlns:u=\"urn:fluxbench:units\"><soap:Body><u:GetUnit><u:id>forty-two</u:id></u:GetUnit></soap:Body></soap:Envelope>" })
	void malformedRequestShouldAnswerAClientFaultAtOnce(String envelope) {
		long start = System.nanoTime();
		// Half the delay the request asks for: a fault that waited for it would take all
		// of it.
		String xml = body(post(envelope, Map.of(SoapUnitHandler.DELAY_HEADER, "60000")), 500);
		assertThat(elapsedSince(start)).isLessThan(Duration.ofSeconds(30));
		assertThat(xml).contains("<faultcode>soap:Client</faultcode>").doesNotContain("<u:unit>");
	}

	@Test
	void externalEntityShouldNotBeResolved(@TempDir Path directory) throws Exception {
		// Were the entity resolved, the id would read 42 and the answer would hold unit
		// 42.
		Path secret = Files.writeString(directory.resolve("secret.txt"), "42");
		String envelope = "<?xml version=\"1.0\"?><!DOCTYPE soap:Envelope [<!ENTITY xxe SYSTEM \"" + secret.toUri()
				+ "\">]>" + ENVELOPE.formatted("&xxe;");
		String xml = body(post(envelope, Map.of()), 500);
		assertThat(xml).contains("<faultcode>soap:Client</faultcode>").doesNotContain("<u:unit>");
	}

	@Test
	void internalEntityExpansionShouldBeRefused() {
		String envelope = "<?xml version=\"1.0\"?><!DOCTYPE soap:Envelope [<!ENTITY a \"4\"><!ENTITY b \"&a;&a;\">]>"
				+ ENVELOPE.formatted("&b;");
		assertThat(body(post(envelope, Map.of()), 500)).contains("<faultcode>soap:Client</faultcode>")
			.doesNotContain("<u:unit>");
	}

	@ParameterizedTest
	@ValueSource(strings = { "X-Fault-Body: explode", "X-Delay-Ms: -1", "X-Delay-Ms: 600001", "X-Delay-Ms: soon",
			"SOAPAction: \"urn:fluxbench:units#DeleteUnit\"" })
	void badKnobOrActionShouldAnswerAClientFaultNamingIt(String header) {
		String name = header.substring(0, header.indexOf(':'));
		String value = header.substring(header.indexOf(':') + 1).strip();
		String xml = body(post(ENVELOPE.formatted(1), Map.of(name, value)), 500);
		assertThat(xml).contains("<faultcode>soap:Client</faultcode>")
			.contains(name.equals("SOAPAction") ? "SOAPAction" : name);
	}

	private WebTestClient.ResponseSpec post(String envelope, Map<String, String> headers) {
		return this.client.post()
			.uri(UnitSoap.PATH)
			.contentType(MediaType.parseMediaType(UnitSoap.CONTENT_TYPE))
			.headers((h) -> headers.forEach(h::add))
			.bodyValue(envelope.getBytes(StandardCharsets.UTF_8))
			.exchange();
	}

	private static String body(WebTestClient.ResponseSpec response, int status) {
		EntityExchangeResult<byte[]> result = response.expectStatus()
			.isEqualTo(status)
			.expectHeader()
			.contentType(SoapUnitHandler.TEXT_XML)
			.expectBody(byte[].class)
			.returnResult();
		return new String(result.getResponseBody(), StandardCharsets.UTF_8);
	}

	private static void readToTheEnd(String xml) throws XMLStreamException {
		XMLStreamReader reader = XMLInputFactory.newDefaultFactory()
			.createXMLStreamReader(new ByteArrayInputStream(xml.getBytes(StandardCharsets.ISO_8859_1)));
		while (reader.hasNext()) {
			reader.next();
		}
	}

	private static Duration elapsedSince(long startNanos) {
		return Duration.ofNanos(System.nanoTime() - startNanos);
	}

}
