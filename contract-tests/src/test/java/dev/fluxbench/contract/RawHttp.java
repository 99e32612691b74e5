package dev.fluxbench.contract;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpHeaders;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Requests that no HTTP client sends, such as a path with a bare {@code %}, written on a
 * socket as they stand. One request per connection, closed after the answer.
 */
final class RawHttp {

	private static final int TIMEOUT_MILLIS = 20_000;

	private RawHttp() {
	}

	/**
	 * Sends {@code GET target} as it stands, and answers the stack's reply as if to
	 * {@code recordedAs}, the same request in a form a URI can hold, which the contract's
	 * assertions read.
	 */
	static Reply get(String from, URI base, String target, Call recordedAs) {
		try (Socket socket = new Socket()) {
			socket.connect(new InetSocketAddress(base.getHost(), base.getPort()), TIMEOUT_MILLIS);
			socket.setSoTimeout(TIMEOUT_MILLIS);
			OutputStream out = socket.getOutputStream();
			out.write(("GET " + target + " HTTP/1.1\r\nHost: " + base.getAuthority() + "\r\nConnection: close\r\n\r\n")
				.getBytes(StandardCharsets.US_ASCII));
			out.flush();
			return parse(from, recordedAs, socket.getInputStream().readAllBytes());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(from + " did not answer GET " + target, ex);
		}
	}

	private static Reply parse(String from, Call call, byte[] answer) throws IOException {
		String text = new String(answer, StandardCharsets.ISO_8859_1);
		int end = text.indexOf("\r\n\r\n");
		if (end < 0) {
			throw new IOException("No complete head in " + text);
		}
		String[] lines = text.substring(0, end).split("\r\n");
		int status = Integer.parseInt(lines[0].split(" ")[1]);
		Map<String, List<String>> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
		for (int i = 1; i < lines.length; i++) {
			int colon = lines[i].indexOf(':');
			headers.computeIfAbsent(lines[i].substring(0, colon).trim(), (name) -> new ArrayList<>())
				.add(lines[i].substring(colon + 1).trim());
		}
		byte[] body = Arrays.copyOfRange(answer, end + 4, answer.length);
		boolean chunked = headers.getOrDefault("Transfer-Encoding", List.of())
			.stream()
			.anyMatch((value) -> value.toLowerCase(Locale.ROOT).contains("chunked"));
		String content = new String(chunked ? dechunk(body) : body, StandardCharsets.UTF_8);
		return new Reply(from, call, status, HttpHeaders.of(headers, (name, value) -> true), content);
	}

	private static byte[] dechunk(byte[] chunked) throws IOException {
		ByteArrayOutputStream body = new ByteArrayOutputStream();
		InputStream in = new ByteArrayInputStream(chunked);
		while (true) {
			String sizeLine = readLine(in);
			int size = Integer.parseInt(sizeLine.split(";", 2)[0].trim(), 16);
			if (size == 0) {
				return body.toByteArray();
			}
			body.write(in.readNBytes(size));
			readLine(in);
		}
	}

	private static String readLine(InputStream in) throws IOException {
		StringBuilder line = new StringBuilder();
		int c;
		while ((c = in.read()) >= 0 && c != '\n') {
			if (c != '\r') {
				line.append((char) c);
			}
		}
		return line.toString();
	}

}
