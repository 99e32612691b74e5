package dev.fluxbench.assess.config;

/**
 * One key of a Spring configuration file, flattened as Spring reads it
 * ({@code spring.datasource.hikari.maximum-pool-size}).
 *
 * @param key the key as written, flattened
 * @param value its value as text
 * @param file the file, relative to the assessed directory
 * @param line the key's line
 * @param profile the profile of the file (application-vt.yaml: vt), empty for none
 */
public record ConfigEntry(String key, String value, String file, int line, String profile) {

	/** The key in Spring's relaxed form: lower case, without dashes or underscores. */
	public String canonicalKey() {
		return canonical(this.key);
	}

	public static String canonical(String key) {
		return key.toLowerCase(java.util.Locale.ROOT).replace("-", "").replace("_", "");
	}

}
