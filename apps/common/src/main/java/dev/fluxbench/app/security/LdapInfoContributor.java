package dev.fluxbench.app.security;

import java.util.LinkedHashMap;
import java.util.Map;

import org.springframework.boot.actuate.info.Info;
import org.springframework.boot.actuate.info.InfoContributor;

/**
 * The directory and its limits as configured, under {@code ldap} in /actuator/info. Never
 * the manager's password.
 */
final class LdapInfoContributor implements InfoContributor {

	private final LdapProperties properties;

	private final boolean bindsOnScheduler;

	/**
	 * Creates the contributor for the directory as configured.
	 * @param bindsOnScheduler whether the stack runs the bind on the ldap-bind scheduler
	 * (webflux) rather than on the request's thread (mvc)
	 */
	LdapInfoContributor(LdapProperties properties, boolean bindsOnScheduler) {
		this.properties = properties;
		this.bindsOnScheduler = bindsOnScheduler;
	}

	@Override
	public void contribute(Info.Builder builder) {
		Map<String, Object> ldap = new LinkedHashMap<>();
		ldap.put("provider", this.properties.activeDirectory() ? "active-directory" : "bind");
		ldap.put("url", this.properties.url().toString());
		ldap.put("base", this.properties.base());
		ldap.put("userDnPattern", this.properties.userDnPattern());
		ldap.put("groupSearchBase", this.properties.groupSearchBase());
		ldap.put("groupSearchFilter", this.properties.groupSearchFilter());
		ldap.put("groupSearchAs", this.properties.anonymousGroupSearch() ? "anonymous" : this.properties.managerDn());
		ldap.put("activeDirectoryDomain",
				this.properties.activeDirectory() ? this.properties.activeDirectoryDomain() : null);
		ldap.put("connectTimeout", this.properties.connectTimeout().toString());
		ldap.put("readTimeout", this.properties.readTimeout().toString());
		ldap.put("pooled", this.properties.pooled());
		ldap.put("bindsOn", this.bindsOnScheduler ? "ldap-bind scheduler" : "request thread");
		// Like Tomcat's pool sizes under virtual threads: null, so left out, where they
		// do not apply.
		ldap.put("bindThreads", this.bindsOnScheduler ? this.properties.bindThreads() : null);
		ldap.put("bindQueueSize", this.bindsOnScheduler ? this.properties.bindQueueSize() : null);
		builder.withDetail("ldap", ldap);
	}

}
