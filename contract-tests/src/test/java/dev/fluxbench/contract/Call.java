package dev.fluxbench.contract;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One HTTP request, as data, so that a catalogue of requests can be sent to every stack
 * alike.
 *
 * @param body the body, or {@code null} for none
 */
record Call(String method, String path, Map<String, String> headers, String body) {

	static final String JSON = "application/json";

	Call {
		headers = Map.copyOf(headers);
	}

	static Call get(String path) {
		return new Call("GET", path, Map.of(), null);
	}

	static Call of(String method, String path) {
		return new Call(method, path, Map.of(), null);
	}

	static Call post(String path, String json) {
		return new Call("POST", path, Map.of(), null).body(JSON, json);
	}

	Call body(String contentType, String body) {
		return new Call(this.method, this.path, this.headers, body).header("Content-Type", contentType);
	}

	Call header(String name, String value) {
		Map<String, String> headers = new LinkedHashMap<>(this.headers);
		headers.put(name, value);
		return new Call(this.method, this.path, headers, this.body);
	}

	Call withPath(String path) {
		return new Call(this.method, path, this.headers, this.body);
	}

	/** What a problem's {@code instance} must be: the path without its query. */
	String pathWithoutQuery() {
		int query = this.path.indexOf('?');
		return (query < 0) ? this.path : this.path.substring(0, query);
	}

	@Override
	public String toString() {
		return this.method + " " + this.path;
	}

}
