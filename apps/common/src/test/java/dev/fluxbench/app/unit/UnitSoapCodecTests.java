package dev.fluxbench.app.unit;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;

import dev.fluxbench.contract.unit.UnitDto;
import dev.fluxbench.contract.unit.UnitSoap;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

class UnitSoapCodecTests {

	static final String UNIT_42 = """
			<?xml version="1.0" encoding="UTF-8"?>
			<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:u="urn:fluxbench:units">
			  <soap:Body>
			    <u:GetUnitResponse>
			      <u:unit>
			        <u:id>42</u:id>
			        <u:partner>partner-3</u:partner>
			        <u:name>Unit 000042 &amp; co</u:name>
			        <u:category>fund</u:category>
			        <u:amount>1234.5</u:amount>
			        <u:currency>EUR</u:currency>
			        <u:version>7</u:version>
			        <u:updatedAt>2026-03-01T10:15:30Z</u:updatedAt>
			      </u:unit>
			    </u:GetUnitResponse>
			  </soap:Body>
			</soap:Envelope>
			""";

	static final String NO_UNIT = """
			<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:u="urn:fluxbench:units">
			  <soap:Body><u:GetUnitResponse/></soap:Body>
			</soap:Envelope>""";

	static final String FAULT = """
			<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">
			  <soap:Body>
			    <soap:Fault><faultcode>soap:Server</faultcode><faultstring>store offline</faultstring></soap:Fault>
			  </soap:Body>
			</soap:Envelope>""";

	@Test
	void requestShouldBeAGetUnitEnvelopeForTheId() {
		String request = new String(UnitSoapCodec.request(42), StandardCharsets.UTF_8);
		assertThat(request).startsWith("<soap:Envelope")
			.contains("xmlns:soap=\"" + UnitSoap.ENVELOPE_NAMESPACE + "\"")
			.contains("xmlns:u=\"" + UnitSoap.NAMESPACE + "\"")
			.contains("<soap:Body><u:GetUnit><u:id>42</u:id></u:GetUnit></soap:Body>");
	}

	@Test
	void parseShouldReadEveryFieldOfTheUnit() {
		assertThat(parse(UNIT_42)).contains(new UnitDto(42, "partner-3", "Unit 000042 & co", "fund",
				new BigDecimal("1234.5000"), "EUR", 7, Instant.parse("2026-03-01T10:15:30Z")));
	}

	@Test
	void parseWhenTheResponseHoldsNoUnitShouldAnswerEmpty() {
		assertThat(parse(NO_UNIT)).isEmpty();
	}

	@Test
	void parseWhenTheAnswerIsAFaultShouldSaySo() {
		UnitSoapException failure = failure(FAULT);
		assertThat(failure.isFault()).isTrue();
		assertThat(failure).hasMessage("SOAP fault soap:Server: store offline");
	}

	@Test
	void parseWhenTheAnswerIsTruncatedShouldFail() {
		UnitSoapException failure = failure(UNIT_42.substring(0, UNIT_42.indexOf("<u:version>")));
		assertThat(failure.isFault()).isFalse();
		assertThat(failure).hasMessageStartingWith("Not a GetUnit response");
	}

	@Test
	void parseWhenTheAnswerIsNotXmlShouldFail() {
		assertThat(failure("<html>502 Bad Gateway</html>").isFault()).isFalse();
		assertThat(failure("garbage").isFault()).isFalse();
		assertThat(failure("").isFault()).isFalse();
	}

	@Test
	void parseWhenAFieldIsMissingShouldNameIt() {
		assertThat(failure(UNIT_42.replace("<u:currency>EUR</u:currency>", "")))
			.hasMessage("Not a GetUnit response: the unit has no currency");
	}

	@Test
	void parseWhenANumberIsNotANumberShouldFail() {
		assertThat(failure(UNIT_42.replace("<u:version>7</u:version>", "<u:version>seven</u:version>")))
			.hasMessageStartingWith("Not a GetUnit response: a field has the wrong format");
	}

	@Test
	void parseWhenTheAnswerIsAnotherOperationShouldFail() {
		assertThat(failure(NO_UNIT.replace("GetUnitResponse", "DeleteUnitResponse")))
			.hasMessageContaining("expected {urn:fluxbench:units}GetUnitResponse");
	}

	@Test
	void parseShouldNotResolveExternalEntities() {
		String xxe = """
				<?xml version="1.0"?>
				<!DOCTYPE soap:Envelope [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
				""" + UNIT_42.substring(UNIT_42.indexOf("<soap:Envelope")).replace("partner-3", "&secret;");
		UnitSoapException failure = failure(xxe);
		assertThat(failure.isFault()).isFalse();
		assertThat(failure).hasMessageStartingWith("Not a GetUnit response").hasMessageNotContaining("root:");
	}

	@Test
	void parseShouldNotExpandInternalEntities() {
		String billionLaughs = """
				<?xml version="1.0"?>
				<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>
				""" + UNIT_42.substring(UNIT_42.indexOf("<soap:Envelope")).replace("partner-3", "&lol2;");
		assertThat(failure(billionLaughs)).hasMessageStartingWith("Not a GetUnit response");
	}

	private static java.util.Optional<UnitDto> parse(String xml) {
		return UnitSoapCodec.parse(xml.getBytes(StandardCharsets.UTF_8));
	}

	private static UnitSoapException failure(String xml) {
		UnitSoapException failure = catchThrowableOfType(UnitSoapException.class, () -> parse(xml));
		assertThat(failure).as("parsing %s", xml).isNotNull();
		return failure;
	}

}
