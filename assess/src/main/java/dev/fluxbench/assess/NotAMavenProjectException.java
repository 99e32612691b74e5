package dev.fluxbench.assess;

/** The path given to assess has no readable pom.xml: nothing was assessed. */
public class NotAMavenProjectException extends RuntimeException {

	public NotAMavenProjectException(String message) {
		super(message);
	}

}
