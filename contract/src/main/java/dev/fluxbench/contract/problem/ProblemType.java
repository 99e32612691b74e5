package dev.fluxbench.contract.problem;

import java.net.URI;

/**
 * Every problem an app may answer with (RFC 9457). Each stack turns a {@link Problem}
 * into its framework's ProblemDetail, so type, title and status are the same whatever the
 * stack.
 */
public enum ProblemType {

	MALFORMED_BODY(400, "malformed-body", "Malformed request body"),

	INVALID_FIELDS(400, "invalid-fields", "Invalid fields"),

	INVALID_PARAMETER(400, "invalid-parameter", "Invalid parameter"),

	UNAUTHORIZED(401, "unauthorized", "Unauthorized"),

	REQUESTER_DENIED(403, "requester-denied", "Requester not allowed"),

	FORBIDDEN(403, "forbidden", "Forbidden"),

	NOT_FOUND(404, "not-found", "Not found"),

	METHOD_NOT_ALLOWED(405, "method-not-allowed", "Method not allowed"),

	NOT_ACCEPTABLE(406, "not-acceptable", "Not acceptable"),

	UNSUPPORTED_MEDIA_TYPE(415, "unsupported-media-type", "Unsupported media type"),

	INTERNAL_ERROR(500, "internal-error", "Internal error"),

	DOWNSTREAM_FAILED(502, "downstream-failed", "Downstream failed"),

	DOWNSTREAM_SATURATED(503, "downstream-saturated", "Downstream client saturated"),

	/**
	 * No database connection came free within the pool's acquire timeout: overload, not a
	 * bug.
	 */
	DATABASE_SATURATED(503, "database-saturated", "Database pool saturated"),

	/**
	 * More requests in flight than {@code fluxbench.server.max-in-flight} allows: refused
	 * before any work.
	 */
	OVERLOADED(503, "overloaded", "Overloaded"),

	/**
	 * The credentials could not be checked: the user directory did not answer. Not the
	 * client's fault, so not a 401.
	 */
	AUTHENTICATION_UNAVAILABLE(503, "authentication-unavailable", "Authentication unavailable"),

	DOWNSTREAM_TIMEOUT(504, "downstream-timeout", "Downstream timed out");

	private final int status;

	private final URI type;

	private final String title;

	ProblemType(int status, String slug, String title) {
		this.status = status;
		this.type = URI.create("urn:fluxbench:problem:" + slug);
		this.title = title;
	}

	public int status() {
		return this.status;
	}

	public URI type() {
		return this.type;
	}

	public String title() {
		return this.title;
	}

}
