package dev.fluxbench.downstream;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * Limits of the downstream itself. Named {@code downstream-server} because
 * {@code fluxbench.downstream} is the apps' client side of the same service.
 *
 * @param maxBytes the largest body {@code GET /delay/{ms}} sends; this much memory is
 * held for the lifetime of the process, whatever the load
 * @param maxWait the longest a request may wait, through {@code /delay/{ms}},
 * {@code X-Fault-Stall} or {@code X-Delay-Ms}; bounded so that a forgotten client cannot
 * hold a request forever
 * @param partner the partner file server's defaults
 * @param soap the partner's SOAP repository
 * @param faultSchedule what {@code PUT /faults/schedule} accepts
 */
@ConfigurationProperties("fluxbench.downstream-server")
record DownstreamServerProperties(@DefaultValue("16MB") DataSize maxBytes, @DefaultValue("10m") Duration maxWait,
		@DefaultValue Partner partner, @DefaultValue Soap soap, @DefaultValue FaultScheduleLimits faultSchedule) {

	DownstreamServerProperties {
		if (maxBytes.isNegative() || maxBytes.toBytes() > Integer.MAX_VALUE - 8) {
			throw new IllegalArgumentException(
					"fluxbench.downstream-server.max-bytes must be from 0 to 2GB, not " + maxBytes);
		}
		if (maxWait.isNegative()) {
			throw new IllegalArgumentException(
					"fluxbench.downstream-server.max-wait must not be negative, not " + maxWait);
		}
		if (soap.delay().compareTo(maxWait) > 0) {
			throw new IllegalArgumentException("fluxbench.downstream-server.soap.delay must not exceed max-wait ("
					+ maxWait + "), not " + soap.delay());
		}
	}

	/**
	 * What {@code GET /partners/{partner}/deltas/{day}.jsonl} generates when the request
	 * does not say.
	 *
	 * @param units unit lines in a file
	 * @param maxUnits the most a request may ask for; a file is streamed, so this bounds
	 * time, not memory
	 * @param seed the generator's seed
	 * @param malformedEvery break every n-th line, 0 for none
	 * @param duplicateEvery repeat an earlier id on every n-th line, 0 for none
	 * @param days how many days, up to today, the listing offers
	 */
	record Partner(@DefaultValue("100000") int units, @DefaultValue("10000000") int maxUnits,
			@DefaultValue("0") long seed, @DefaultValue("0") int malformedEvery, @DefaultValue("0") int duplicateEvery,
			@DefaultValue("7") int days) {

		Partner {
			if (maxUnits < 0 || units < 0 || units > maxUnits) {
				throw new IllegalArgumentException(
						"fluxbench.downstream-server.partner.units must be from 0 to max-units (" + maxUnits + "), not "
								+ units);
			}
			if (malformedEvery < 0 || duplicateEvery < 0) {
				throw new IllegalArgumentException(
						"fluxbench.downstream-server.partner.malformed-every and duplicate-every must be 0 or more");
			}
			if (days < 1) {
				throw new IllegalArgumentException(
						"fluxbench.downstream-server.partner.days must be 1 or more, not " + days);
			}
		}

	}

	/**
	 * The SOAP unit service.
	 *
	 * @param units the repository knows ids 1 to this
	 * @param delay how long it takes to answer, unless a request says otherwise with
	 * {@code X-Delay-Ms}
	 */
	record Soap(@DefaultValue("200000") long units, @DefaultValue("50ms") Duration delay) {

		Soap {
			if (units < 0) {
				throw new IllegalArgumentException(
						"fluxbench.downstream-server.soap.units must not be negative, not " + units);
			}
			if (delay.isNegative()) {
				throw new IllegalArgumentException(
						"fluxbench.downstream-server.soap.delay must not be negative, not " + delay);
			}
		}

	}

	/**
	 * Bounds of a fault schedule. A schedule is held in memory and each request walks its
	 * phases, so their number is bounded; its length is bounded so that every instant it
	 * names exists. A phase's stall is bounded by {@code max-wait}, as
	 * {@code X-Fault-Stall} is.
	 *
	 * @param maxPhases the most phases a schedule may have
	 * @param maxLength the longest one pass over its phases may last
	 */
	record FaultScheduleLimits(@DefaultValue("1000") int maxPhases, @DefaultValue("7d") Duration maxLength) {

		FaultScheduleLimits {
			if (maxPhases < 1) {
				throw new IllegalArgumentException(
						"fluxbench.downstream-server.fault-schedule.max-phases must be 1 or more, not " + maxPhases);
			}
			if (!maxLength.isPositive()) {
				throw new IllegalArgumentException(
						"fluxbench.downstream-server.fault-schedule.max-length must be positive, not " + maxLength);
			}
		}

	}

}
