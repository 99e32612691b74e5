package dev.fluxbench.app.system;

import jakarta.validation.constraints.Min;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * Back-pressure by choice: at most {@code maxInFlight} requests at once in the app, the
 * same in every stack; past it a request is answered 503 {@code overloaded} with
 * {@code Retry-After} before any work. Off by default, so that the seeds' comparisons run
 * the stacks as published: mvc-vt then admits every request, and a large enough burst
 * exhausts its heap.
 *
 * @param maxInFlight the requests that may be in flight at once; 0 for no limit
 */
@Validated
@ConfigurationProperties("fluxbench.server")
public record InFlightProperties(@Min(0) int maxInFlight) {

	public boolean limited() {
		return this.maxInFlight > 0;
	}

}
