package dev.fluxbench.contract.unit;

/**
 * The body of a successful unit lookup, {@code {"success": true, "unit": {...}}}: the
 * shape the thesis' load tests assert on (its Figure 7). A failed lookup answers a
 * ProblemDetail that carries {@code "success": false} as an extension member.
 */
public record UnitResponse(boolean success, UnitDto unit) {

	public static UnitResponse of(UnitDto unit) {
		return new UnitResponse(true, unit);
	}

}
