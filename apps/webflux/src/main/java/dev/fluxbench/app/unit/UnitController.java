package dev.fluxbench.app.unit;

import dev.fluxbench.contract.unit.UnitPaths;
import dev.fluxbench.contract.unit.UnitResponse;
import reactor.core.publisher.Mono;

import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The partner-data lookup of seed 000. It does not authenticate: whoever sits in front of
 * {@code /api/**} does; the requester header only says which service asks.
 */
@RestController
@RequestMapping(path = UnitPaths.UNITS, produces = MediaType.APPLICATION_JSON_VALUE)
class UnitController {

	private final RequesterAccess access;

	private final UnitService units;

	private final UnitLookups lookups;

	UnitController(RequesterAccess access, UnitService units, UnitLookups lookups) {
		this.access = access;
		this.units = units;
		this.lookups = lookups;
	}

	@GetMapping("/{id}")
	Mono<UnitResponse> get(@PathVariable long id,
			@RequestHeader(name = UnitPaths.REQUESTER_HEADER, required = false) String requester,
			@RequestParam(defaultValue = "false") boolean fresh) {
		String name = MissingRequesterException.require(requester);
		return this.access.checkRequestAllowed(name)
			.flatMap((allowed) -> fresh ? this.units.fetchFresh(id) : this.units.find(id))
			.doOnNext((unit) -> this.lookups.found(name))
			.doOnError(RequesterDeniedException.class, (ex) -> this.lookups.denied(name))
			.doOnError(UnitNotFoundException.class, (ex) -> this.lookups.notFound(name))
			.map(UnitResponse::of);
	}

}
