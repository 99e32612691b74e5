package dev.fluxbench.contract.account;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The body of a successful {@code POST /api/authenticate}; the same token is in the
 * {@code Authorization} header.
 */
public record TokenDto(@JsonProperty("id_token") String idToken) {

}
