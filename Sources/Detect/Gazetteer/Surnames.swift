// Surnames: our own list, under the project's licence.
//
// Written by hand for redactfs from published frequency statistics (facts,
// not anyone's list): the most frequent family names in Germany (counts of
// telephone directory entries as published in name-frequency studies),
// Austria (Statistik Austria), Switzerland (Bundesamt für Statistik,
// Nachnamen der Bevölkerung), England and Wales (Office for National
// Statistics) and the United States (Census Bureau, 2010 surnames), plus
// frequent Turkish, Polish, Italian and Balkan family names in these
// countries. No entry comes from a fake-data generator. Many of them are
// also German nouns (`Koch`, `Fischer`, `Braun`): the name recognizer never
// takes a surname alone as a name, only in a pair or in name position.
enum Surnames {
    static let packed = """
        Müller Schmidt Schneider Fischer Weber Meyer Wagner Becker Schulz Hoffmann Schäfer Koch Bauer Richter Klein \
        Wolf Schröder Neumann Schwarz Zimmermann Braun Krüger Hofmann Hartmann Lange Schmitt Werner Schmitz Krause \
        Meier Lehmann Schmid Schulze Maier Köhler Herrmann König Walter Mayer Huber Kaiser Fuchs Peters Lang Scholz \
        Möller Weiß Weiss Jung Hahn Schubert Vogel Friedrich Keller Günther Frank Berger Winkler Roth Beck Lorenz \
        Baumann Franke Albrecht Schuster Simon Ludwig Böhm Winter Kraus Martin Schumacher Krämer Vogt Stein Jäger \
        Otto Sommer Groß Gross Seidel Heinrich Brandt Haas Schreiber Graf Schulte Dietrich Ziegler Kuhn Kühn Pohl \
        Engel Horn Busch Bergmann Thomas Voigt Sauer Arnold Wolff Pfeiffer Ernst Hübner Kramer Lindner Franz Polster \
        Beyer Möhle Schmiedel Wendt Brinkmann Hermann Kunz Riedel Kurz Dittrich Schade Mohr Seifert Witt Wolter \
        Heinz Paul Petersen Ebert Schütz Walther Busse Gerlach Böttcher Lutz Kraft Schilling Reuter Kaufmann Nagel \
        Ludwig Götz Berg Thiel Arndt Frey Haase Marx Bock Hess Heß Menzel Schenk Schumann Hartwig Lenz Schwab Jakob \
        Bergmann Sander Pietsch Rausch Wirth Winkelmann Brückner Brandl Hansen Jansen Janssen Jensen Thomsen Nielsen \
        Behrens Kühne Voß Voss Hanke Ritter Kolb Zander Seidl Stahl Bach Fiedler Wiegand Maurer Lindemann Ulrich \
        Kirchner Adam Kroll Schott Schiller Hein Schwarz Stark Vetter Strauß Strauss Hauser Moser Gruber Bauer \
        Wimmer Egger Pichler Steiner Moser Mayr Berger Hofer Leitner Fischer Eder Schwarz Lechner Winkler Reiter \
        Wallner Fuchs Aigner Brunner Holzer Haider Lehner Wieser Baumgartner Auer Binder Ebner Koller Lang Riegler \
        Schuster Weiß Maier Gasser Stocker Wagner Bauer Hofbauer Rainer Schober Kofler Strasser Wolf Sommer Graf \
        Müller Meier Schmid Keller Weber Huber Schneider Meyer Steiner Fischer Gerber Brunner Baumann Frei Zimmermann \
        Moser Widmer Wyss Graf Roth Suter Baumgartner Bachmann Studer Kälin Bühler Bucher Lüthi Marti Meili Kuster \
        Hürlimann Tanner Sutter Hofstetter Zürcher Ammann Amstutz Aebi Aebischer Affolter Bolliger Egli Flückiger \
        Gisler Imhof Iseli Kaufmann Käser Lehmann Lüscher Mäder Schärer Schnyder Schwab Stalder Stucki Vogel Zaugg \
        Smith Jones Williams Taylor Brown Davies Evans Wilson Thomas Johnson Roberts Robinson Thompson Wright Walker \
        White Edwards Hughes Green Hall Lewis Harris Clarke Clark Patel Jackson Wood Turner Martin Cooper Hill Ward \
        Morris Moore Clark Lee King Baker Harrison Morgan Allen James Scott Phillips Watson Davis Parker Price Bennett \
        Young Griffiths Mitchell Kelly Cook Carter Richardson Bailey Collins Bell Shaw Murphy Miller Cox Richards \
        Khan Marshall Anderson Simpson Ellis Adams Singh Begum Wilkinson Foster Chapman Powell Webb Rogers Gray Mason \
        Ali Hunt Hussain Campbell Matthews Owen Palmer Holmes Mills Barnes Knight Lloyd Butler Russell Barker Fisher \
        Stevens Jenkins Murray Dixon Harvey Graham Pearson Ahmed Fletcher Walsh Kaur Gibson Howard Andrews Stewart \
        Elliott Reynolds Saunders Payne Fox Ford Pearce Day Brooks West Lawrence Cole Atkinson Bradley Spencer \
        Gill Dawson Ball Burton O'Brien Watts Rose Booth Perry Ryan Grant Wells Armstrong Francis Rees Hayes Hart \
        Hudson Newman Barrett Webster Hunter Gregory Carr Lowe Page Marsh Riley Dunn Woods Parsons Berry Stone \
        Reid Holland Hawkins Harding Porter Robertson Newton Oliver Reed Kennedy Williamson Bird Gardner Shah Dean \
        Lane Cooke Bates Henderson Parry Burgess Bishop Walsh Hamilton Dennis Sutton Hopkins Tucker Pritchard Fraser \
        Hammond Cunningham Kaye Moss Nicholson Wallace McDonald MacDonald Morrison Campbell Stewart Ross Paterson \
        Johnston Duncan Ferguson Fraser Mackenzie McKenzie Maclean McLean Reid Watt Cameron Hamilton Gordon Kerr \
        Sinclair Gallagher Doherty O'Neill O'Connor O'Sullivan Byrne Kavanagh Quinn McCarthy Brennan Doyle Lynch \
        Griffin Nolan Power Flynn Boyle Daly Hughes Jones Llewellyn Vaughan Pugh Rhys Prosser Jenkins Bevan \
        Garcia Rodriguez Martinez Hernandez Lopez Gonzalez Perez Sanchez Ramirez Torres Flores Rivera Gomez Diaz \
        Cruz Reyes Morales Ortiz Gutierrez Chavez Ramos Ruiz Alvarez Mendoza Castillo Jimenez Vasquez Moreno Romero \
        Herrera Medina Aguilar Vargas Guzman Castro Ortega Rojas Soto Delgado Vega Nguyen Tran Kim Park Chen Wang \
        Li Zhang Liu Yang Huang Wu Zhou Xu Sun Ma Zhu Hu Guo Lin He Gao Luo Zheng Liang Xie Song Tang Han Feng \
        Washington Jefferson Lincoln Jackson Hayes Coleman Jenkins Perry Powell Long Patterson Hughes Flores \
        Butler Simmons Foster Bryant Alexander Russell Griffin Hayes Myers Ford Hamilton Graham Sullivan Wallace \
        Woods West Jordan Owens Reynolds Fisher Ellis Harrison Gibson Mcdonald Marshall Wells Mason Kennedy \
        Warren Dixon Ramos Burns Gordon Shaw Holmes Rice Robertson Hunt Black Daniels Palmer Mills Nichols Grant \
        Knight Ferguson Stone Hawkins Dunn Perkins Hudson Spencer Gardner Stephens Payne Pierce Berry Matthews \
        Arnold Wagner Willis Ray Watkins Olson Carroll Duncan Snyder Hart Cunningham Bradley Lane Andrews Ruiz \
        Harper Fox Riley Armstrong Carpenter Weaver Greene Lawrence Elliott Chavez Sims Austin Peters Kelley \
        Franklin Lawson Fields Ryan Schmidt Carr Castillo Wheeler Chapman Oliver Montgomery Richards Williamson \
        Johnston Banks Meyer Bishop McCoy Howell Morrison Hansen Fernandez Garza Harvey Little Burton Stanley \
        Nguyen George Jacobs Reid Fuller Lynch Dean Gilbert Garrett Romero Welch Larson Frazier Burke Hanson Mendoza \
        Moreno Bowman Medina Fowler Brewer Hoffman Carlson Silva Pearson Holland Douglas Fleming Jensen Vargas \
        Byrd Davidson Hopkins May Terry Herrera Wade Soto Walters Curtis Neal Caldwell Lowe Jennings Barnett Graves \
        Jimenez Horton Shelton Barrett Obrien Castro Sutton Gregory McKinney Lucas Miles Craig Rodriquez Chambers \
        Holt Lambert Fletcher Watts Bates Hale Rhodes Pena Beck Newman Haynes McDaniel Mendez Bush Vaughn Parks \
        Dawson Santiago Norris Hardy Love Steele Curry Powers Schultz Barker Guzman Page Munoz Ball Keller Chandler \
        Weber Leonard Walsh Lyons Ramsey Wolfe Schneider Mullins Benson Sharp Bowen Daniel Barber Cummings Hines \
        Baldwin Griffith Valdez Hubbard Salazar Reeves Warner Stevenson Burgess Santos Tate Cross Garner Mann Mack \
        Moss Thornton Dennis McGee Farmer Delgado Aguilar Vega Glover Manning Cohen Harmon Rodgers Robbins Newton \
        Todd Blair Higgins Ingram Reese Cannon Strickland Townsend Potter Goodwin Walton Rowe Hampton Ortega \
        Patton Swanson Joseph Francis Goodman Maldonado Yates Becker Erickson Hodges Rios Conner Adkins Webster \
        Norman Malone Hammond Flowers Cobb Moody Quinn Blake Maxwell Pope Floyd Osborne Paul McCarthy Guerrero \
        Lindsey Estrada Sandoval Gibbs Tyler Gross Fitzgerald Stokes Doyle Sherman Saunders Wise Colon Gill Alvarado \
        Greer Padilla Simon Waters Nunez Ballard Schwartz McBride Houston Christensen Klein Pratt Briggs Parsons \
        McLaughlin Zimmerman French Buchanan Moran Copeland Roy Pittman Brady McCormick Holloway Brock Poole Frank \
        Logan Owen Bass Marsh Drake Wong Jefferson Park Morton Abbott Sparks Patrick Norton Huff Clayton Massey \
        Lloyd Figueroa Carson Bowers Roberson Barton Tran Lamb Harrington Casey Boone Cortez Clarke Mathis Singleton \
        Wilkins Cain Bryan Underwood Hogan McKenzie Collier Luna Phelps McGuire Allison Bridges Wilkerson Nash \
        Summers Atkins Wilcox Pitts Conley Marquez Burnett Richard Cochran Chase Davenport Hood Gates Clay Ayala \
        Sawyer Roman Vazquez Dickerson Hodge Acosta Flynn Espinoza Nicholson Monroe Wolf Morrow Kirk Randall \
        Anthony Whitaker Oconnor Skinner Ware Molina Kirby Huffman Bradford Charles Gilmore Dominguez Oneal Bruce \
        Lang Combs Kramer Heath Hancock Gallagher Gaines Shaffer Short Wiggins Mathews McClain Fischer Wall Small \
        Melton Hensley Bond Dyer Cameron Grimes Contreras Christian Wyatt Baxter Snow Mosley Shepherd Larsen Hoover \
        Beasley Glenn Petersen Whitehead Meyers Keith Garrison Vincent Shields Horn Savage Olsen Schroeder Hartman \
        Woodard Mueller Kemp Deleon Booth Patel Calhoun Wiley Eaton Cline Navarro Harrell Lester Humphrey Parrish \
        Duran Hutchinson Hess Dorsey Bullock Robles Beard Dalton Avila Vance Rich Blackwell York Johns Blankenship \
        Trevino Salinas Campos Pruitt Moses Callahan Golden Montoya Hardin Guerra McDowell Carey Stafford Gallegos \
        Henson Wilkinson Booker Merritt Miranda Atkinson Orr Decker Hobbs Preston Tanner Knox Pacheco Stephenson \
        Glass Rojas Serrano Marks Hickman English Sweeney Strong Prince McClure Conway Walter Roth Maynard Farrell \
        Lowery Hurst Nixon Weiss Trujillo Ellison Sloan Juarez Winters McLean Randolph Leon Boyer Villarreal \
        McCall Gentry Carrillo Kent Ayers Lara Shannon Sexton Pace Hull Leblanc Browning Velasquez Leach Chang \
        House Sellers Herring Noble Foley Bartlett Mercado Landry Durham Walls Barr McKee Bauer Rivers Everett \
        Bradshaw Pugh Velez Rush Estes Dodson Morse Sheppard Weeks Camacho Bean Barron Livingston Middleton Spears \
        Branch Blevins Chen Kerr McConnell Hatfield Harding Ashley Solis Herman Frost Giles Blackburn William \
        Pennington Woodward Finley McIntosh Koch Best Solomon McCullough Dudley Nolan Blanchard Rivas Brennan \
        Mejia Kane Benton Joyce Buckley Haley Valentine Maddox Russo Mcknight Buck Moon McMillan Crosby Berg Dotson \
        Mays Roach Church Chan Richmond Meadows Faulkner Oneill Knapp Kline Barry Ochoa Jacobson Gay Avery Hendricks \
        Horne Shepard Hebert Cherry Cardenas McIntyre Whitney Waller Holman Donaldson Cantu Terrell Morin Gillespie \
        Fuentes Tillman Sanford Bentley Peck Key Salas Rollins Gamble Dickson Battle Santana Cabrera Cervantes \
        Howe Hinton Hurley Spence Zamora Yang McNeil Suarez Case Petty Gould McFarland Sampson Carver Bray Rosario \
        Macdonald Stout Hester Melendez Dillon Farley Hopper Galloway Potts Bernard Joyner Stein Aguirre Osborn \
        Mercer Bender Franco Rowland Sykes Benjamin Travis Pickett Crane Sears Mayo Dunlap Hayden Wilder McKay \
        Coffey McCarty Ewing Cooley Vaughan Bonner Cotton Holder Stark Ferrell Cantrell Fulton Lynn Lott Calderon \
        Rosa Pollard Hooper Burch Mullen Fry Riddle Levy David Duke Odonnell Guy Michael Britt Frederick Daugherty \
        Berger Dillard Alston Jarvis Frye Riggs Chaney Odom Duffy Fitzpatrick Valenzuela Merrill Mayer Alford \
        McPherson Acevedo Donovan Barrera Albert Cote Reilly Compton Raymond Mooney McGowan Craft Cleveland Clemons \
        Wynn Nielsen Baird Stanton Snider Rosales Bright Witt Stuart Hays Holden Rutledge Kinney Clements Castaneda \
        Slater Hahn Emerson Conrad Burks Delaney Pate Lancaster Sweet Justice Tyson Sharpe Whitfield Talley Macias \
        Irwin Burris Ratliff McCray Madden Kaufman Beach Goff Cash Bolton McFadden Levine Good Byers Kirkland Kidd \
        Workman Carney Dale McLeod Holcomb England Finch Head Burt Hendrix Sosa Haney Franks Sargent Nieves Downs \
        Rasmussen Bird Hewitt Lindsay Le Foreman Valencia Oneil Delacruz Vinson Dejesus Hyde Forbes Gilliam Guthrie \
        Wooten Huber Barlow Boyle McMahon Buckner Rocha Puckett Langley Knowles Cooke Velazquez Whitley Noel \
        Yilmaz Kaya Demir Şahin Sahin Çelik Celik Yildiz Yıldız Yildirim Öztürk Ozturk Aydin Aydın Özdemir Ozdemir \
        Arslan Dogan Doğan Kilic Kılıç Aslan Cetin Çetin Kara Koc Koç Kurt Özkan Ozkan Simsek Şimşek Polat Korkmaz \
        Karakaya Erdogan Erdoğan Aksoy Güler Guler Tekin Ünal Unal Yavuz Kaplan Bulut Acar Keskin Altun Turan \
        Nowak Kowalski Kowalska Wiśniewski Wisniewski Wójcik Wojcik Kowalczyk Kamiński Kaminski Lewandowski \
        Zieliński Zielinski Szymański Szymanski Woźniak Wozniak Dąbrowski Dabrowski Kozłowski Kozlowski Jankowski \
        Mazur Kwiatkowski Krawczyk Piotrowski Grabowski Nowakowski Pawłowski Pawlowski Michalski Nowicki Adamczyk \
        Dudek Zając Zajac Wieczorek Jabłoński Jablonski Król Krol Majewski Olszewski Jaworski Wróbel Wrobel Malinowski \
        Rossi Russo Ferrari Esposito Bianchi Romano Colombo Ricci Marino Greco Bruno Gallo Conti Costa Giordano \
        Mancini Rizzo Lombardi Moretti Barbieri Fontana Santoro Mariani Rinaldi Caruso Ferrara Galli Martini Leone \
        Longo Gentile Martinelli Vitale Lombardo Serra Coppola Desantis Fabbri Marchetti Villa Parisi Ferri \
        Horvat Kovačević Kovacevic Babić Babic Marić Maric Jurić Juric Novak Knežević Knezevic Petrović Petrovic \
        Jovanović Jovanovic Nikolić Nikolic Popović Popovic Đorđević Djordjevic Ilić Ilic Stojanović Stojanovic \
        Marković Markovic Pavlović Pavlovic Hodžić Hodzic Hadžić Hadzic Begić Begic Delić Delic Kovač Kovac \
        Popescu Ionescu Popa Pop Radu Dumitru Stan Stoica Gheorghe Matei Ciobanu Rusu Munteanu Ivanov Smirnov \
        Kuznetsov Popov Sokolov Lebedev Kozlov Novikov Morozov Petrov Volkov Solovyov Schewtschenko Melnyk \
        Bondarenko Kovalenko Boyko Tkachenko Kravchenko Oliynyk Schmitz Schüler Rehberg Rademacher Ostermann \
        Mustermann Musterfrau Mustermensch Beispiel Doe Roe Bloggs Bernstein \
        Abel Ackermann Adler Ahrens Albers Alt Altmann Anders Appel Arend Arens Aust Baader Bader Baier Bär Barth \
        Bartels Bartsch Basler Baum Baumgart Bayer Bechtold Behr Behrendt Beier Bender Benz Berndt Bernhardt Bertram \
        Beutel Biermann Binder Birkner Bischoff Blank Blum Bode Böhme Bohn Boldt Born Brand Brauer Breuer Brenner \
        Brinkmann Brockmann Brüggemann Brunner Buchholz Büttner Burkhardt Christ Claus Conrad Dahl Decker Diehl \
        Dietz Dittmann Döring Dorn Dreyer Eberhardt Eckert Ehlers Eichhorn Engelhardt Engelmann Falk Feldmann \
        Fink Fleischer Forster Förster Freitag Frenzel Fricke Friedrichs Fritsch Fritz Funk Gärtner Geiger Geisler \
        Gerhardt Giese Glaser Göbel Gottschalk Gräf Grimm Gröger Großmann Grote Gruber Haag Hagen Hager Hamann \
        Hammer Hartung Hauck Haupt Hecht Heck Heine Heinemann Heller Helm Hempel Henke Hennig Henning Herbst Herzog \
        Hesse Hildebrandt Hinz Hoff Hoffmeister Hofmann Holz Hoppe Horstmann Hummel Jacob Jacobs Jahn Janke Janßen \
        John Jost Junge Jürgens Kahl Kaminski Karl Kasper Keil Kempf Kern Kessler Keßler Kiefer Kirsch Klaus \
        Klose Knoll Koenig Kopp Korn Krebs Kremer Kretschmer Kroll Kruse Kuhlmann Lachmann Lammers Lamprecht \
        Landwehr Lange Langer Laux Lemke Lenz Leonhardt Lindner Linke Lohmann Löffler Lorenz Ludewig Lux Mack Mai \
        Mann Marquardt Matthes Maurer Meißner Meissner Mertens Merz Metzger Michel Michels Mielke Moll Münch Nagel \
        Naumann Neubauer Niemann Nolte Nowak Oswald Ott Otte Pape Pauli Perz Pfeifer Philipp Pieper Pietsch Platz \
        Preuß Probst Rademacher Rapp Rau Rauch Reich Reichel Reimann Reinhardt Renner Reuter Rieger Rink Ritter \
        Rohde Rose Rösch Rösler Rudolph Ruf Rupp Sack Schaller Scharf Scheffler Schiffer Schlegel Schlüter \
        Schmitt Schnabel Schneider Scholl Schön Schrader Schramm Schreiner Schröter Schütte Schwarzer Seeger \
        Siebert Siegel Siemens Singer Sommerfeld Sonntag Spies Springer Stahl Stadler Steffen Steffens Stephan \
        Stolz Strobel Stumpf Sturm Thiele Thieme Timm Trautmann Ulrich Unger Vogler Voigt Völker Wachter Wagener \
        Wahl Walz Weidner Weigel Weis Weller Wendel Wenzel Westphal Wiedemann Wiese Wild Wilke Will Wilhelm \
        Winkel Winter Wittmann Wolff Wunderlich Wurm Zeller Ziegler Zimmer Zink
        """
}
