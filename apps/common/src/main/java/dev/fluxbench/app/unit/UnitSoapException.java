package dev.fluxbench.app.unit;

/**
 * The partner repository's answer could not be used: either it is a SOAP fault, or it is
 * not a well-formed {@code GetUnitResponse} (truncated, garbage, a DTD, a missing field).
 */
public final class UnitSoapException extends RuntimeException {

	private final boolean fault;

	private UnitSoapException(String message, boolean fault, Throwable cause) {
		super(message, cause);
		this.fault = fault;
	}

	static UnitSoapException fault(String code, String reason) {
		return new UnitSoapException("SOAP fault " + code + ": " + reason, true, null);
	}

	static UnitSoapException unreadable(String why, Throwable cause) {
		return new UnitSoapException("Not a GetUnit response: " + why, false, cause);
	}

	/** True for a SOAP fault, false for an answer that is not SOAP we understand. */
	public boolean isFault() {
		return this.fault;
	}

}
