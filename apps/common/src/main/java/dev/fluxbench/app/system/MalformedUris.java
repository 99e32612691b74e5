package dev.fluxbench.app.system;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;

import dev.fluxbench.contract.problem.Problem;
import dev.fluxbench.contract.problem.ProblemType;

/**
 * A request target that is not a URI, such as {@code /concerts/data/artists/%}: both
 * servers refuse it before Spring sees it (Tomcat while decoding, Spring's Reactor Netty
 * adapter while parsing), so each stack answers it here, in the contract's shape and the
 * same words.
 */
public final class MalformedUris {

	private static final String HEX = "0123456789ABCDEF";

	private MalformedUris() {
	}

	public static Problem problem() {
		return Problem.of(ProblemType.INVALID_PARAMETER,
				"The request URI is malformed: a '%' must start a %-encoded byte of two hex digits, and some "
						+ "characters must be %-encoded.");
	}

	/**
	 * The problem+json body for a raw request target, its instance made a valid URI
	 * reference.
	 */
	public static byte[] json(String requestTarget) {
		return ProblemDetails.json(problem(), instance(requestTarget));
	}

	/**
	 * Whether {@link java.net.URI} rejects the request target, as Spring's Reactor Netty
	 * adapter does. Only a target with a character outside the URI's ASCII set or a bare
	 * {@code %} is parsed, so that a well-formed request costs one scan.
	 */
	public static boolean isMalformed(String requestTarget) {
		if (isPlain(requestTarget)) {
			return false;
		}
		try {
			new URI("http://localhost" + (requestTarget.startsWith("/") ? "" : "/") + requestTarget);
			return false;
		}
		catch (URISyntaxException ex) {
			return true;
		}
	}

	/**
	 * The path of the request target, with every character a URI may not hold %-encoded.
	 */
	static String instance(String requestTarget) {
		int end = requestTarget.length();
		for (int i = 0; i < requestTarget.length(); i++) {
			char c = requestTarget.charAt(i);
			if (c == '?' || c == '#') {
				end = i;
				break;
			}
		}
		StringBuilder path = new StringBuilder(end + 8);
		for (int i = 0; i < end; i++) {
			char c = requestTarget.charAt(i);
			if (c == '%' && isEscape(requestTarget, i, end)) {
				path.append(c);
			}
			else if (c < 0x80 && isPathChar(c)) {
				path.append(c);
			}
			else {
				for (byte b : String.valueOf(c).getBytes(StandardCharsets.UTF_8)) {
					path.append('%').append(HEX.charAt((b >> 4) & 0xF)).append(HEX.charAt(b & 0xF));
				}
			}
		}
		return path.toString();
	}

	private static boolean isPlain(String target) {
		for (int i = 0; i < target.length(); i++) {
			char c = target.charAt(i);
			if (c == '%') {
				if (!isEscape(target, i, target.length())) {
					return false;
				}
			}
			// No '#': a client sends no fragment, and a second one would be malformed.
			else if (c >= 0x80 || !(isPathChar(c) || c == '?')) {
				return false;
			}
		}
		return true;
	}

	private static boolean isEscape(String target, int at, int end) {
		return at + 2 < end && isHex(target.charAt(at + 1)) && isHex(target.charAt(at + 2));
	}

	private static boolean isHex(char c) {
		return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
	}

	/**
	 * RFC 3986's unreserved and sub-delims characters, and ':', '@' and '/': a path's
	 * characters.
	 */
	private static boolean isPathChar(char c) {
		return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
				|| "-._~!$&'()*+,;=:@/".indexOf(c) >= 0;
	}

}
