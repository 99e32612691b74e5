package dev.fluxbench.contract.unit;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/**
 * The formula {@code V4__seed_units.sql} seeds units with, in Java. The delta files and
 * the partner's SOAP repository derive their units from it, so that what a stack stores,
 * downloads and looks up tells one consistent story: the same unit under the same
 * partner, only newer.
 */
public final class SeedUnits {

	/** How many units the database is seeded with: ids 1 to 10 000. */
	public static final int COUNT = 10_000;

	/** The partners of the seed, {@code partner-1} to {@code partner-5}. */
	public static final List<String> PARTNERS = List.of("partner-1", "partner-2", "partner-3", "partner-4",
			"partner-5");

	/** When every seeded unit was last changed. */
	public static final Instant SEEDED_AT = Instant.parse("2026-01-01T00:00:00Z");

	private static final String[] CATEGORIES = { "bond", "equity", "fund", "loan" };

	private static final String[] CURRENCIES = { "EUR", "USD", "GBP" };

	private SeedUnits() {
	}

	/**
	 * Unit {@code n} as the seed writes it (version 1); the formula holds for any
	 * positive id.
	 */
	public static UnitDto unit(long n) {
		return new UnitDto(n, partner(n), name(n), category(n), amount(n), currency(n), 1, SEEDED_AT);
	}

	public static String partner(long n) {
		return "partner-" + (n % 5 + 1);
	}

	/** {@code Unit 000042}: six digits at least, as {@code lpad} pads them. */
	public static String name(long n) {
		String digits = Long.toString(n);
		return (digits.length() >= 6) ? "Unit " + digits : "Unit " + "0".repeat(6 - digits.length()) + digits;
	}

	public static String category(long n) {
		return CATEGORIES[(int) (n % 4)];
	}

	/**
	 * {@code (n * 7919 mod 10 000 000) / 100}, with the two decimals the division gives.
	 */
	public static BigDecimal amount(long n) {
		return BigDecimal.valueOf(Math.floorMod(n * 7919, 10_000_000L), 2);
	}

	public static String currency(long n) {
		return CURRENCIES[(int) (n % 3)];
	}

	/**
	 * The residue {@code n mod 5} of every id that belongs to {@code partner}, or -1 when
	 * the partner is not one of the seed's.
	 */
	public static int residue(String partner) {
		return PARTNERS.indexOf(partner);
	}

}
