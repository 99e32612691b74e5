package dev.fluxbench.contract.unit;

/**
 * The partner-data service's paths and headers, the same in every stack.
 */
public final class UnitPaths {

	/**
	 * {@code GET /api/units/{id}}, with {@code ?fresh=true} to fetch the unit from the
	 * partner's repository first.
	 */
	public static final String UNITS = "/api/units";

	/**
	 * {@code POST} starts an ingestion (admins only); {@code GET} lists the last ones.
	 */
	public static final String INGESTIONS = "/api/ingestions";

	/** The Thymeleaf statistics page. */
	public static final String STATS = "/stats";

	/**
	 * Names the service that asks; the registry config decides whether it may (thesis
	 * Table 2).
	 */
	public static final String REQUESTER_HEADER = "X-Requester";

	/** The registry-config property that holds the requester allow-list. */
	public static final String SERVICE_STATUSES = "SERVICE_STATUSES";

	/** The LDAP group whose members may look units up, as a Spring Security role. */
	public static final String USER_ROLE = "USERS";

	/** The LDAP group whose members may start ingestions. */
	public static final String ADMIN_ROLE = "ADMINS";

	private UnitPaths() {
	}

}
