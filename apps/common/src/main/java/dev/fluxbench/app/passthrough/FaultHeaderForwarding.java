package dev.fluxbench.app.passthrough;

import dev.fluxbench.contract.passthrough.FaultHeaders;

import org.springframework.http.HttpHeaders;

/** Passes the downstream's fault knobs on from the incoming request, and nothing else. */
public final class FaultHeaderForwarding {

	private FaultHeaderForwarding() {
	}

	public static void copy(HttpHeaders from, HttpHeaders to) {
		from.forEach((name, values) -> {
			if (FaultHeaders.isFaultHeader(name)) {
				to.addAll(name, values);
			}
		});
	}

}
