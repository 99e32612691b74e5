package dev.fluxbench.contract.unit;

/**
 * The partner's external repository: a SOAP 1.1 service with one operation,
 * {@code GetUnit}.
 *
 * <pre>
 * POST /soap/units   Content-Type: text/xml; charset=utf-8   SOAPAction: "urn:fluxbench:units#GetUnit"
 *
 * &lt;soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"
 *     xmlns:u="urn:fluxbench:units"&gt;
 *   &lt;soap:Body&gt;&lt;u:GetUnit&gt;&lt;u:id&gt;42&lt;/u:id&gt;&lt;/u:GetUnit&gt;&lt;/soap:Body&gt;
 * &lt;/soap:Envelope&gt;
 * </pre>
 *
 * The answer is a {@code u:GetUnitResponse} holding one {@code u:unit} with a child
 * element per {@link UnitDto} component
 * ({@code id, partner, name, category, amount, currency, version,
 * updatedAt}, the instant in ISO-8601), or holding nothing when the repository has no
 * such unit. A failure is a SOAP fault with HTTP status 500.
 */
public final class UnitSoap {

	public static final String PATH = "/soap/units";

	public static final String ENVELOPE_NAMESPACE = "http://schemas.xmlsoap.org/soap/envelope/";

	public static final String NAMESPACE = "urn:fluxbench:units";

	public static final String ACTION = "\"urn:fluxbench:units#GetUnit\"";

	public static final String CONTENT_TYPE = "text/xml; charset=utf-8";

	public static final String REQUEST = "GetUnit";

	public static final String RESPONSE = "GetUnitResponse";

	public static final String UNIT = "unit";

	private UnitSoap() {
	}

}
