package dev.fluxbench.app.stats;

/**
 * How often one requester's lookups ended one way since the app started.
 *
 * @param outcome {@code found}, {@code not-found} or {@code denied}
 */
public record LookupCount(String requester, String outcome, long count) {

}
