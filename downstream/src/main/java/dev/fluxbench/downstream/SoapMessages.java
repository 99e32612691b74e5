package dev.fluxbench.downstream;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;

import javax.xml.XMLConstants;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

import dev.fluxbench.contract.unit.UnitDto;
import dev.fluxbench.contract.unit.UnitSoap;
import org.jspecify.annotations.Nullable;

/**
 * Reads {@code GetUnit} requests and writes the answers, as {@link UnitSoap} describes
 * them. Reading is StAX with DTDs and external entities off: a request body is untrusted,
 * and a DOCTYPE is the door to XXE (file reads, server-side requests) and entity
 * expansion bombs. Writing is by hand, since the answer has one fixed shape and the
 * values are escaped here.
 */
final class SoapMessages {

	private static final XMLInputFactory XML = secureFactory();

	private static final String PROLOG = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>";

	private static final String OPEN = PROLOG + "<soap:Envelope xmlns:soap=\"" + UnitSoap.ENVELOPE_NAMESPACE
			+ "\" xmlns:u=\"" + UnitSoap.NAMESPACE + "\"><soap:Body>";

	private static final String CLOSE = "</soap:Body></soap:Envelope>";

	private SoapMessages() {
	}

	/**
	 * The id a {@code GetUnit} request asks for.
	 * @throws SoapFault a {@code soap:Client} fault when the body is not such a request
	 */
	static long requestedId(byte[] body) {
		if (body.length == 0) {
			throw SoapFault.client("The request has no body: send a SOAP envelope with u:" + UnitSoap.REQUEST + ".");
		}
		XMLStreamReader reader = null;
		try {
			reader = XML.createXMLStreamReader(new ByteArrayInputStream(body));
			expect(reader, nextElement(reader), UnitSoap.ENVELOPE_NAMESPACE, "Envelope");
			int event = nextElement(reader);
			if (is(reader, event, UnitSoap.ENVELOPE_NAMESPACE, "Header")) {
				skipElement(reader);
				event = nextElement(reader);
			}
			expect(reader, event, UnitSoap.ENVELOPE_NAMESPACE, "Body");
			expect(reader, nextElement(reader), UnitSoap.NAMESPACE, UnitSoap.REQUEST);
			expect(reader, nextElement(reader), UnitSoap.NAMESPACE, "id");
			String id = reader.getElementText().strip();
			try {
				return Long.parseLong(id);
			}
			catch (NumberFormatException ex) {
				throw SoapFault.client("u:id must be an integer, not '" + id + "'.");
			}
		}
		catch (XMLStreamException ex) {
			throw SoapFault.client("The request is not well-formed XML: " + firstLine(ex.getMessage()));
		}
		finally {
			close(reader);
		}
	}

	/** A {@code GetUnitResponse} with {@code unit}, or empty when there is none. */
	static String response(@Nullable UnitDto unit) {
		StringBuilder xml = new StringBuilder(640).append(OPEN).append("<u:").append(UnitSoap.RESPONSE).append('>');
		if (unit != null) {
			xml.append("<u:").append(UnitSoap.UNIT).append('>');
			element(xml, "id", String.valueOf(unit.id()));
			element(xml, "partner", unit.partner());
			element(xml, "name", unit.name());
			element(xml, "category", unit.category());
			element(xml, "amount", unit.amount().toPlainString());
			element(xml, "currency", unit.currency());
			element(xml, "version", String.valueOf(unit.version()));
			element(xml, "updatedAt", unit.updatedAt().toString());
			xml.append("</u:").append(UnitSoap.UNIT).append('>');
		}
		return xml.append("</u:").append(UnitSoap.RESPONSE).append('>').append(CLOSE).toString();
	}

	/**
	 * A SOAP 1.1 fault; {@code faultcode} and {@code faultstring} are unqualified, as 1.1
	 * has them.
	 */
	static String fault(SoapFault fault) {
		StringBuilder xml = new StringBuilder(PROLOG).append("<soap:Envelope xmlns:soap=\"")
			.append(UnitSoap.ENVELOPE_NAMESPACE)
			.append("\"><soap:Body><soap:Fault><faultcode>soap:")
			.append(fault.code())
			.append("</faultcode><faultstring>");
		escape(xml, fault.getMessage());
		return xml.append("</faultstring></soap:Fault>").append(CLOSE).toString();
	}

	static byte[] utf8(String xml) {
		return xml.getBytes(StandardCharsets.UTF_8);
	}

	private static XMLInputFactory secureFactory() {
		// The JDK's own parser, whatever else is on the class path, so these properties
		// mean what they say.
		XMLInputFactory factory = XMLInputFactory.newDefaultFactory();
		factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
		factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
		factory.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
		return factory;
	}

	/** The next start tag, skipping white space, comments and processing instructions. */
	private static int nextElement(XMLStreamReader reader) throws XMLStreamException {
		while (reader.hasNext()) {
			int event = reader.next();
			switch (event) {
				case XMLStreamConstants.START_ELEMENT, XMLStreamConstants.END_ELEMENT, XMLStreamConstants.END_DOCUMENT:
					return event;
				case XMLStreamConstants.DTD:
					throw SoapFault.client("The request has a DOCTYPE; DTDs are not accepted.");
				case XMLStreamConstants.CHARACTERS, XMLStreamConstants.CDATA:
					if (!reader.isWhiteSpace()) {
						throw SoapFault.client("The request has text where an element was expected.");
					}
					break;
				case XMLStreamConstants.ENTITY_REFERENCE:
					throw SoapFault.client("The request refers to an entity; entities are not accepted.");
				default:
					break;
			}
		}
		return XMLStreamConstants.END_DOCUMENT;
	}

	private static boolean is(XMLStreamReader reader, int event, String namespace, String name) {
		return event == XMLStreamConstants.START_ELEMENT && namespace.equals(reader.getNamespaceURI())
				&& name.equals(reader.getLocalName());
	}

	private static void expect(XMLStreamReader reader, int event, String namespace, String name) {
		if (!is(reader, event, namespace, name)) {
			String found = (event == XMLStreamConstants.START_ELEMENT)
					? "{" + reader.getNamespaceURI() + "}" + reader.getLocalName() : "no element";
			throw SoapFault.client("Expected {" + namespace + "}" + name + ", found " + found + ".");
		}
	}

	private static void skipElement(XMLStreamReader reader) throws XMLStreamException {
		int depth = 1;
		while (depth > 0 && reader.hasNext()) {
			int event = reader.next();
			if (event == XMLStreamConstants.START_ELEMENT) {
				depth++;
			}
			else if (event == XMLStreamConstants.END_ELEMENT) {
				depth--;
			}
		}
	}

	private static void element(StringBuilder xml, String name, String value) {
		xml.append("<u:").append(name).append('>');
		escape(xml, value);
		xml.append("</u:").append(name).append('>');
	}

	private static void escape(StringBuilder xml, String text) {
		for (int i = 0; i < text.length(); i++) {
			char c = text.charAt(i);
			switch (c) {
				case '&' -> xml.append("&amp;");
				case '<' -> xml.append("&lt;");
				case '>' -> xml.append("&gt;");
				default -> xml.append(c);
			}
		}
	}

	private static String firstLine(String message) {
		if (message == null) {
			return "unreadable.";
		}
		String line = message.lines()
			.map(String::strip)
			.filter((l) -> !l.isEmpty())
			.reduce((a, b) -> b)
			.orElse(message);
		return (line.length() > 200) ? line.substring(0, 197) + "..." : line;
	}

	private static void close(XMLStreamReader reader) {
		if (reader != null) {
			try {
				reader.close();
			}
			catch (XMLStreamException ex) {
				// Nothing was held but the byte array.
			}
		}
	}

}
