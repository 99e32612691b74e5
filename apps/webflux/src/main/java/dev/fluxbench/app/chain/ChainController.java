package dev.fluxbench.app.chain;

import dev.fluxbench.app.system.Stack;
import dev.fluxbench.contract.chain.ChainDto;
import dev.fluxbench.contract.chain.ChainPaths;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Size;
import reactor.core.publisher.Mono;

import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Seed 003's service A: at depth 1 it calls service B behind its guards, deeper it calls
 * the next instance of itself and relays the answer. Every parameter is checked before
 * anything is called.
 */
@RestController
@RequestMapping(path = ChainPaths.CHAIN, produces = MediaType.APPLICATION_JSON_VALUE)
class ChainController {

	private final GuardedServiceB serviceB;

	private final NextHopClient nextHop;

	private final ChainProperties properties;

	private final Stack stack;

	ChainController(GuardedServiceB serviceB, NextHopClient nextHop, ChainProperties properties, Stack stack) {
		this.serviceB = serviceB;
		this.nextHop = nextHop;
		this.properties = properties;
		this.stack = stack;
	}

	@GetMapping("/{id}")
	Mono<ChainDto> chain(@PathVariable @Size(max = ChainPaths.MAX_ID_LENGTH) String id,
			@RequestParam(name = ChainPaths.DEPTH, defaultValue = "" + ChainPaths.DEFAULT_DEPTH) @Min(1) int depth,
			@RequestParam(name = ChainPaths.DELAY,
					defaultValue = ""
							+ ChainPaths.DEFAULT_DELAY_MILLIS) @Min(0) @Max(ChainPaths.MAX_DELAY_MILLIS) long delay,
			@RequestParam(name = ChainPaths.BYTES,
					defaultValue = "" + ChainPaths.DEFAULT_BYTES) @Min(0) @Max(ChainPaths.MAX_BYTES) int bytes,
			@RequestHeader HttpHeaders headers) {
		ChainRequest request = ChainRequest.of(id, depth, delay, bytes, this.properties);
		if (request.depth() == 1) {
			return this.serviceB.answer(request, headers);
		}
		return this.nextHop.call(request.inner(), headers)
			.map((inner) -> inner.relayed(request.depth(), this.stack.name()));
	}

}
