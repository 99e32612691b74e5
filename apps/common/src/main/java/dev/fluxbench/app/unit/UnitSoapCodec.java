package dev.fluxbench.app.unit;

import java.io.ByteArrayInputStream;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

import dev.fluxbench.contract.unit.UnitDto;
import dev.fluxbench.contract.unit.UnitSoap;

/**
 * The XML of the partner repository's {@code GetUnit} operation (see {@link UnitSoap}),
 * the same for both stacks. StAX rather than SAAJ or JAXB: one small document per call,
 * no DOM, and nothing that needs a blocking service lookup when the first fresh fetch
 * arrives on an event loop.
 */
public final class UnitSoapCodec {

	private static final List<String> FIELDS = List.of("id", "partner", "name", "category", "amount", "currency",
			"version", "updatedAt");

	// The JDK's own factory, picked without a ServiceLoader scan. An answer comes from
	// another company's server: no DTDs and no external entities, so no XXE and no entity
	// expansion.
	private static final XMLInputFactory FACTORY = XMLInputFactory.newDefaultFactory();

	static {
		FACTORY.setProperty(XMLInputFactory.SUPPORT_DTD, false);
		FACTORY.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
		FACTORY.setProperty(XMLInputFactory.IS_NAMESPACE_AWARE, true);
		FACTORY.setProperty(XMLInputFactory.IS_COALESCING, true);
	}

	private UnitSoapCodec() {
	}

	/** The SOAP 1.1 envelope that asks for unit {@code id}, in UTF-8. */
	public static byte[] request(long id) {
		String envelope = """
				<soap:Envelope xmlns:soap="%s" xmlns:u="%s">\
				<soap:Body><u:%s><u:id>%d</u:id></u:%s></soap:Body>\
				</soap:Envelope>""".formatted(UnitSoap.ENVELOPE_NAMESPACE, UnitSoap.NAMESPACE, UnitSoap.REQUEST, id,
				UnitSoap.REQUEST);
		return envelope.getBytes(StandardCharsets.UTF_8);
	}

	/**
	 * Reads a {@code GetUnitResponse}: the unit it holds, or empty when the repository
	 * has no such unit.
	 * @throws UnitSoapException for a SOAP fault, or for anything but a complete,
	 * well-formed response
	 */
	public static Optional<UnitDto> parse(byte[] answer) {
		XMLStreamReader reader = null;
		try {
			reader = FACTORY.createXMLStreamReader(new ByteArrayInputStream(answer));
			Optional<UnitDto> unit = readEnvelope(reader);
			// The rest must be well-formed too: a truncated answer fails here, not
			// silently.
			while (reader.hasNext()) {
				rejectDtd(reader.next());
			}
			return unit;
		}
		catch (XMLStreamException ex) {
			throw UnitSoapException.unreadable("malformed XML (" + ex.getMessage() + ")", ex);
		}
		finally {
			close(reader);
		}
	}

	private static Optional<UnitDto> readEnvelope(XMLStreamReader reader) throws XMLStreamException {
		expect(reader, UnitSoap.ENVELOPE_NAMESPACE, "Envelope");
		nextElement(reader);
		if (is(reader, UnitSoap.ENVELOPE_NAMESPACE, "Header")) {
			skipElement(reader);
			nextElement(reader);
		}
		expect(reader, UnitSoap.ENVELOPE_NAMESPACE, "Body");
		nextElement(reader);
		if (is(reader, UnitSoap.ENVELOPE_NAMESPACE, "Fault")) {
			throw readFault(reader);
		}
		expect(reader, UnitSoap.NAMESPACE, UnitSoap.RESPONSE);
		int event = nextTag(reader);
		if (event == XMLStreamConstants.END_ELEMENT) {
			return Optional.empty();
		}
		expect(reader, UnitSoap.NAMESPACE, UnitSoap.UNIT);
		UnitDto unit = unit(readChildren(reader));
		if (nextTag(reader) != XMLStreamConstants.END_ELEMENT) {
			throw UnitSoapException.unreadable("more than one unit", null);
		}
		return Optional.of(unit);
	}

	private static UnitDto unit(Map<String, String> fields) {
		for (String field : FIELDS) {
			if (fields.get(field) == null || fields.get(field).isBlank()) {
				throw UnitSoapException.unreadable("the unit has no " + field, null);
			}
		}
		try {
			// The store keeps four decimals (numeric(19, 4)); the answer says what the
			// store holds.
			BigDecimal amount = new BigDecimal(fields.get("amount").strip()).setScale(4, RoundingMode.HALF_EVEN);
			return new UnitDto(Long.parseLong(fields.get("id").strip()), fields.get("partner"), fields.get("name"),
					fields.get("category"), amount, fields.get("currency"),
					Long.parseLong(fields.get("version").strip()), Instant.parse(fields.get("updatedAt").strip()));
		}
		catch (NumberFormatException | DateTimeParseException ex) {
			throw UnitSoapException.unreadable("a field has the wrong format (" + ex.getMessage() + ")", ex);
		}
	}

	/**
	 * SOAP 1.1's unqualified faultcode and faultstring; a detail element may hold
	 * anything.
	 */
	private static UnitSoapException readFault(XMLStreamReader reader) throws XMLStreamException {
		String code = "?";
		String reason = "?";
		while (nextTag(reader) == XMLStreamConstants.START_ELEMENT) {
			switch (reader.getLocalName()) {
				case "faultcode" -> code = reader.getElementText().strip();
				case "faultstring" -> reason = reader.getElementText().strip();
				default -> skipElement(reader);
			}
		}
		return UnitSoapException.fault(code, reason);
	}

	/**
	 * The text of each child element by local name; leaves the reader on the parent's end
	 * tag.
	 */
	private static Map<String, String> readChildren(XMLStreamReader reader) throws XMLStreamException {
		Map<String, String> children = new HashMap<>();
		while (nextTag(reader) == XMLStreamConstants.START_ELEMENT) {
			String name = reader.getLocalName();
			children.put(name, reader.getElementText());
		}
		return children;
	}

	private static void skipElement(XMLStreamReader reader) throws XMLStreamException {
		int depth = 1;
		while (depth > 0) {
			int event = reader.next();
			rejectDtd(event);
			if (event == XMLStreamConstants.START_ELEMENT) {
				depth++;
			}
			else if (event == XMLStreamConstants.END_ELEMENT) {
				depth--;
			}
		}
	}

	private static void nextElement(XMLStreamReader reader) throws XMLStreamException {
		if (nextTag(reader) != XMLStreamConstants.START_ELEMENT) {
			throw UnitSoapException.unreadable("an element ends where another should start", null);
		}
	}

	/** Like {@link XMLStreamReader#nextTag()}, but refuses a DTD wherever it appears. */
	private static int nextTag(XMLStreamReader reader) throws XMLStreamException {
		while (true) {
			int event = reader.next();
			rejectDtd(event);
			switch (event) {
				case XMLStreamConstants.START_ELEMENT, XMLStreamConstants.END_ELEMENT:
					return event;
				case XMLStreamConstants.CHARACTERS, XMLStreamConstants.SPACE:
					if (!reader.isWhiteSpace()) {
						throw UnitSoapException.unreadable("unexpected text '" + reader.getText().strip() + "'", null);
					}
					break;
				case XMLStreamConstants.END_DOCUMENT:
					throw UnitSoapException.unreadable("the document ends too early", null);
				case XMLStreamConstants.ENTITY_REFERENCE:
					throw UnitSoapException.unreadable("entity references are not allowed", null);
				default:
					// Comments and processing instructions carry nothing for us.
			}
		}
	}

	private static void expect(XMLStreamReader reader, String namespace, String localName) throws XMLStreamException {
		if (reader.getEventType() == XMLStreamConstants.START_DOCUMENT) {
			nextElement(reader);
		}
		if (!is(reader, namespace, localName)) {
			throw UnitSoapException
				.unreadable("expected {" + namespace + "}" + localName + " but found " + reader.getName(), null);
		}
	}

	private static boolean is(XMLStreamReader reader, String namespace, String localName) {
		return reader.isStartElement() && namespace.equals(reader.getNamespaceURI())
				&& localName.equals(reader.getLocalName());
	}

	private static void rejectDtd(int event) {
		if (event == XMLStreamConstants.DTD) {
			throw UnitSoapException.unreadable("a DTD is not allowed", null);
		}
	}

	private static void close(XMLStreamReader reader) {
		if (reader != null) {
			try {
				reader.close();
			}
			catch (XMLStreamException ex) {
				// Nothing to release: the input is an array in memory.
			}
		}
	}

}
