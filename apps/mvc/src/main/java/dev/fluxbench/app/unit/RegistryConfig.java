package dev.fluxbench.app.unit;

import java.io.Serializable;
import java.util.Objects;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;

/**
 * One row of the registry config (thesis Table 2): whether {@code name} is on in
 * {@code property}.
 */
@Entity
@Table(name = "registry_config")
@IdClass(RegistryConfig.Key.class)
class RegistryConfig {

	@Id
	private String property;

	@Id
	private String name;

	private boolean enabled;

	protected RegistryConfig() {
	}

	RegistryConfig(String property, String name, boolean enabled) {
		this.property = property;
		this.name = name;
		this.enabled = enabled;
	}

	String name() {
		return this.name;
	}

	boolean enabled() {
		return this.enabled;
	}

	/** The composite primary key, (property, name). */
	static class Key implements Serializable {

		private String property;

		private String name;

		@Override
		public boolean equals(Object other) {
			return other instanceof Key key && Objects.equals(this.property, key.property)
					&& Objects.equals(this.name, key.name);
		}

		@Override
		public int hashCode() {
			return Objects.hash(this.property, this.name);
		}

	}

}
