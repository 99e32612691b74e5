package dev.fluxbench.downstream;

/**
 * A SOAP fault on its way to the client, answered with HTTP 500 as SOAP 1.1 wants.
 * {@code Client} means the request was wrong, {@code Server} that the repository failed
 * (or was told to).
 */
final class SoapFault extends RuntimeException {

	private final String code;

	private SoapFault(String code, String message) {
		super(message, null, false, false);
		this.code = code;
	}

	static SoapFault client(String message) {
		return new SoapFault("Client", message);
	}

	static SoapFault server(String message) {
		return new SoapFault("Server", message);
	}

	String code() {
		return this.code;
	}

}
