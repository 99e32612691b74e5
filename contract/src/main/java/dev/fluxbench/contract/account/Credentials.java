package dev.fluxbench.contract.account;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;

/**
 * The body of {@code POST /api/authenticate}, as seed 002 sends it:
 * {@code {"username":"admin", "password":"admin"}}.
 */
public record Credentials(@NotBlank @Size(max = 50) String username, @NotBlank @Size(max = 100) String password) {

	/**
	 * Never the password: a record's default would put it in every log line that prints
	 * one.
	 */
	@Override
	public String toString() {
		return "Credentials[username=" + this.username + "]";
	}

}
