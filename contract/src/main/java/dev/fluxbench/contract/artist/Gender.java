package dev.fluxbench.contract.artist;

public enum Gender {

	FEMALE, MALE, OTHER

}
